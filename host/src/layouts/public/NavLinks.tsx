import { NavLink } from 'react-router-dom';
import { publicNav } from '../nav-links';
import { plainList } from '@kloof/ui';

/** The six site links, as a row in the header or a column in the mobile menu. */
export function NavLinks({ stacked = false, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  return (
    <ul
      css={{
        display: 'flex',
        flexDirection: stacked ? 'column' : 'row',
        gap: '0.25rem',
        ...plainList,
      }}
    >
      {publicNav.map((item) => (
        <li key={item.link}>
          <NavLink
            to={item.link}
            end={item.link === '/'}
            onClick={onNavigate}
            css={(theme) => ({
              display: 'block',
              padding: stacked ? '0.75rem 1rem' : '0.375rem 0.75rem',
              borderRadius: '0.5rem',
              color: theme.colors.textMuted,
              fontWeight: 500,
              fontSize: stacked ? '1.0625rem' : '0.9375rem',
              textDecoration: 'none',
              '&:hover': { color: theme.colors.text, background: theme.colors.surfaceMuted },
              '&[aria-current="page"]': {
                color: theme.colors.text,
                fontWeight: 600,
                background: stacked ? theme.colors.surfaceMuted : 'transparent',
                boxShadow: stacked ? `inset 3px 0 0 ${theme.colors.primary}` : `inset 0 -2px 0 ${theme.colors.primary}`,
              },
            })}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
