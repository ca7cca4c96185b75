import { Link } from 'react-router-dom';
import { Icon } from '../../site/components/Icon';
import type { Service } from '../content';
import { iconBox, panel } from '@kloof/ui';

/** A service in the Home page grid: icon, name, summary, link to its detail on /services. */
export function ServiceCard({ service }: { service: Service }) {
  return (
    <li
      css={(theme) => ({
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        gap: '0.75rem',
        padding: '1.5rem',
        ...panel(theme, theme.colors.background),
        transition: 'border-color 0.15s ease, transform 0.15s ease',
        '&:hover': { borderColor: theme.colors.primary, transform: 'translateY(-2px)' },
        '&:focus-within': { borderColor: theme.colors.primary },
      })}
    >
      <IconBadge name={service.icon} />
      <h3 css={{ margin: 0, fontSize: '1.1875rem' }}>
        <Link
          to={`/services#${service.id}`}
          css={(theme) => ({
            color: theme.colors.text,
            textDecoration: 'none',
            // The whole card is the link's click target.
            '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: '1rem' },
          })}
        >
          {service.name}
        </Link>
      </h3>
      <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>{service.summary}</p>
    </li>
  );
}

export function IconBadge({ name }: { name: Service['icon'] }) {
  return (
    <span
      css={(theme) => ({
        ...iconBox('2.75rem', '0.75rem'),
        background: theme.colors.surfaceMuted,
        color: theme.colors.primary,
      })}
    >
      <Icon name={name} />
    </span>
  );
}
