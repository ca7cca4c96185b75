import { Link } from 'react-router-dom';
import { brand, HydrateWhenNear, Logo, media, renderWhenNear, VisuallyHidden } from '@kloof/ui';
import { footerColumns } from '../nav-links';
import { CONTENT_WIDTH } from './layout-metrics';

/** Site footer: blurb, Company and Resources columns, tap-to-call phone and this year's copyright. */
export function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    <footer
      css={(theme) => ({
        borderTop: `1px solid ${theme.colors.border}`,
        background: theme.colors.surface,
        color: theme.colors.textMuted,
        fontSize: '0.9375rem',
        ...renderWhenNear,
      })}
    >
      {/* Below the fold: its prerendered HTML is hydrated when it comes near the viewport. */}
      <HydrateWhenNear>
        <div
          css={{
            display: 'grid',
            gap: '2rem',
            maxWidth: CONTENT_WIDTH,
            margin: '0 auto',
            padding: '3rem 1.25rem 2rem',
            gridTemplateColumns: '1fr 1fr',
            [media.md]: { gridTemplateColumns: '2fr 1fr 1fr' },
          }}
        >
          <div css={{ gridColumn: '1 / -1', [media.md]: { gridColumn: 'auto' } }}>
            <Logo size={28} />
            <p css={{ margin: '1rem 0 1.25rem', maxWidth: '28rem' }}>{brand.blurb}</p>
            <a
              href={brand.phoneHref}
              css={(theme) => ({
                display: 'inline-flex',
                alignItems: 'center',
                gap: '0.5rem',
                padding: '0.5rem 1rem',
                borderRadius: '999px',
                border: `1px solid ${theme.colors.borderStrong}`,
                background: theme.colors.background,
                color: theme.colors.text,
                fontWeight: 600,
                textDecoration: 'none',
                '&:hover': { borderColor: theme.colors.primary },
              })}
            >
              <svg
                aria-hidden="true"
                width="18"
                height="18"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.5c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
              </svg>
              <span>
                <VisuallyHidden>Call us on </VisuallyHidden>
                {brand.phone}
              </span>
            </a>
          </div>
          {footerColumns.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
              <h2
                id={`footer-${column.title.toLowerCase()}`}
                css={(theme) => ({
                  margin: '0 0 0.75rem',
                  fontSize: '0.875rem',
                  fontWeight: 700,
                  color: theme.colors.text,
                  letterSpacing: '0.02em',
                })}
              >
                {column.title}
              </h2>
              <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' }}>
                {column.items.map((item) => (
                  <li key={item.link}>
                    <Link
                      to={item.link}
                      css={(theme) => ({
                        color: theme.colors.textMuted,
                        textDecoration: 'none',
                        '&:hover': { color: theme.colors.text, textDecoration: 'underline' },
                      })}
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div
          css={(theme) => ({
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            gap: '0.5rem 1.5rem',
            maxWidth: CONTENT_WIDTH,
            margin: '0 auto',
            padding: '1.25rem',
            borderTop: `1px solid ${theme.colors.border}`,
            fontSize: '0.875rem',
            '& p': { margin: 0 },
          })}
        >
          <p>
            © {year} {brand.name}. All rights reserved.
          </p>
          <p>
            {brand.city} ·{' '}
            <Link to="/branding" css={(theme) => ({ color: theme.colors.textMuted })}>
              Brand guidelines
            </Link>
          </p>
        </div>
      </HydrateWhenNear>
    </footer>
  );
}
