import { Link } from 'react-router-dom';
import { SlidersHorizontal } from 'lucide-react';
import { Badge, ButtonLink, Card, iconBox, PageHeader } from '@kloof/ui';
import { SecuritySection } from '../features/security/components/SecuritySection';
import { YourDataSection } from '../features/data-rights/YourDataSection';

/**
 * /user/settings: the spec's placeholder ('todo'), presented as a planned section rather than a
 * bare word. The page is a plain stack of cards, so sections (e.g. Security) can be added to it.
 */
export default function Settings() {
  return (
    <section css={{ display: 'grid', gap: '1.5rem' }}>
      <PageHeader title="Settings" description="Preferences for your account and client area." />
      <Card>
        <div css={{ display: 'flex', gap: '1rem', alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <span
            aria-hidden="true"
            css={(theme) => ({
              ...iconBox('2.75rem', '0.75rem'),
              flexShrink: 0,
              background: theme.colors.surfaceMuted,
              color: theme.colors.primary,
            })}
          >
            <SlidersHorizontal size={22} />
          </span>
          <div css={{ flex: '1 1 16rem', minWidth: 0 }}>
            <h2
              css={{
                margin: '0 0 0.25rem',
                fontSize: '1.125rem',
                display: 'flex',
                gap: '0.5rem',
                alignItems: 'center',
                flexWrap: 'wrap',
              }}
            >
              More settings
              <Badge>todo</Badge>
            </h2>
            <p css={(theme) => ({ margin: '0 0 1rem', color: theme.colors.textMuted })}>
              Notification and client-area preferences will live here. Your name, contact details and password are on
              your <Link to="/user/profile">profile</Link>.
            </p>
            <ButtonLink to="/user/profile" variant="secondary">
              Go to your profile
            </ButtonLink>
          </div>
        </div>
      </Card>
      <SecuritySection />
      <YourDataSection />
    </section>
  );
}
