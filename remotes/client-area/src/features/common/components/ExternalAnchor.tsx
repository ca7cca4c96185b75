import type { ReactNode } from 'react';
import type { CSSObject } from '@emotion/react';
import { ExternalLink } from 'lucide-react';
import { VisuallyHidden } from '@kloof/ui';

/** A link to an address outside the app: opens in a new tab, and says so to screen readers. */
export function ExternalAnchor({
  href,
  children,
  iconSize,
  style,
}: {
  href: string;
  children: ReactNode;
  iconSize: number;
  style?: CSSObject;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      css={{ display: 'inline-flex', alignItems: 'center', gap: '0.375rem', overflowWrap: 'anywhere', ...style }}
    >
      {children}
      <ExternalLink aria-hidden="true" size={iconSize} />
      <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
    </a>
  );
}
