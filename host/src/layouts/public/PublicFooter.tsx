import { Link } from 'react-router-dom';
import { brand } from '@kloof/ui';

/** Site footer: blurb, link columns, tap-to-call phone and copyright. */
export function PublicFooter() {
  return (
    <footer
      css={(theme) => ({
        borderTop: `1px solid ${theme.colors.border}`,
        background: theme.colors.surface,
        padding: '2.5rem 1.25rem',
      })}
    >
      <div css={{ maxWidth: '75rem', margin: '0 auto' }}>
        <p>{brand.blurb}</p>
        <a href={brand.phoneHref}>{brand.phone}</a>
        <nav aria-label="Company">
          <Link to="/">Home</Link> <Link to="/services">Services</Link> <Link to="/careers">Careers</Link>
        </nav>
        <nav aria-label="Resources">
          <Link to="/docs">Docs</Link> <Link to="/pricing">Pricing</Link> <Link to="/contact">Contact</Link>
        </nav>
        <p>
          © {new Date().getFullYear()} {brand.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
