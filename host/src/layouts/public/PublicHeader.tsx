import { Link } from 'react-router-dom';
import { brand, Logo, media, ThemeToggle } from '@kloof/ui';
import { AccountLinks } from './AccountLinks';
import { MobileMenuPanel, MobileMenuToggle } from './MobileMenu';
import { NavLinks } from './NavLinks';
import { CONTENT_WIDTH, HEADER_HEIGHT, TOGGLE_SIZE } from './layout-metrics';
import { useMobileMenu } from './use-mobile-menu';

/** Sticky site header: logo, the six links, account links, theme toggle; a menu on small screens. */
export function PublicHeader() {
  const menu = useMobileMenu();
  return (
    <header
      css={(theme) => ({
        position: 'sticky',
        top: 0,
        zIndex: 20,
        background: theme.colors.background,
        borderBottom: `1px solid ${theme.colors.border}`,
      })}
    >
      <div
        css={{
          display: 'flex',
          alignItems: 'center',
          gap: '0.75rem',
          height: HEADER_HEIGHT,
          maxWidth: CONTENT_WIDTH,
          margin: '0 auto',
          padding: '0 1.25rem',
        }}
      >
        <Link
          to="/"
          aria-label={`${brand.name} home`}
          css={{ display: 'inline-flex', marginRight: 'auto', borderRadius: '0.5rem', textDecoration: 'none' }}
        >
          <Logo size={30} />
        </Link>
        <nav aria-label="Main" css={{ display: 'none', [media.lg]: { display: 'block' } }}>
          <NavLinks />
        </nav>
        <div css={{ display: 'none', [media.lg]: { display: 'block', marginLeft: '0.75rem' } }}>
          <AccountLinks />
        </div>
        {/* A box of fixed width on small screens: while the HTML streams in, the toggle does not move when the menu button arrives. */}
        <div
          css={{
            display: 'flex',
            gap: '0.75rem',
            flexShrink: 0,
            width: `calc(2 * ${TOGGLE_SIZE} + 0.75rem)`,
            [media.lg]: { width: 'auto' },
          }}
        >
          <ThemeToggle />
          <MobileMenuToggle open={menu.open} onToggle={menu.toggle} buttonRef={menu.toggleRef} />
        </div>
      </div>
      <MobileMenuPanel open={menu.open} enhanced={menu.enhanced} onNavigate={menu.close} />
    </header>
  );
}
