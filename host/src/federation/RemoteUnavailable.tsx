import { useEffect, useRef } from 'react';
import { panel } from '@kloof/ui';

interface Props {
  retry: () => void;
}

/** Shown inside the layout when a remote page cannot be loaded. */
export function RemoteUnavailable({ retry }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section
      role="alert"
      aria-labelledby="remote-unavailable-title"
      css={(theme) => ({
        maxWidth: '36rem',
        margin: '4rem auto',
        padding: '2rem',
        ...panel(theme),
        textAlign: 'center',
      })}
    >
      {/* Focused for screen readers, not a control: no focus ring around a heading. */}
      <h1
        id="remote-unavailable-title"
        tabIndex={-1}
        css={{ fontSize: '1.5rem', margin: '0 0 0.75rem', '&:focus, &:focus-visible': { outline: 'none' } }}
        ref={heading}
      >
        This page could not be loaded
      </h1>
      <p css={(theme) => ({ color: theme.colors.textMuted, margin: '0 0 1.5rem' })}>
        Part of the site is not reachable right now. The rest of the site still works. Check your connection and try
        again.
      </p>
      <button
        type="button"
        onClick={retry}
        css={(theme) => ({
          font: 'inherit',
          fontWeight: 600,
          padding: '0.625rem 1.25rem',
          borderRadius: '0.625rem',
          border: 'none',
          background: theme.colors.primary,
          color: theme.colors.primaryText,
          cursor: 'pointer',
        })}
      >
        Try again
      </button>
    </section>
  );
}
