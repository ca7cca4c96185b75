import { Link } from 'react-router-dom';
import { Icon } from '../../site/components/Icon';
import { arrowLink } from '../../site/arrow-link';
import type { Job } from '../jobs';
import { plainList, panel } from '@kloof/ui';

/** An open role in the Careers list, linking to its job page. */
export function RoleCard({ job }: { job: Job }) {
  return (
    <li
      css={(theme) => ({
        position: 'relative',
        display: 'grid',
        gap: '0.75rem',
        padding: '1.75rem',
        ...panel(theme, theme.colors.background, '1.25rem'),
        '&:hover, &:focus-within': { borderColor: theme.colors.primary },
      })}
    >
      <h3 css={{ margin: 0, fontSize: '1.375rem' }}>
        <Link
          to={`/careers/${job.slug}`}
          css={(theme) => ({
            color: theme.colors.text,
            textDecoration: 'none',
            '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: '1.25rem' },
          })}
        >
          {job.title}
        </Link>
      </h3>
      <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>{job.summary}</p>
      <ul
        css={(theme) => ({
          ...plainList,
          display: 'flex',
          flexWrap: 'wrap',
          gap: '0.5rem 1.5rem',
          fontSize: '0.9375rem',
          color: theme.colors.textMuted,
          '& li': { display: 'inline-flex', alignItems: 'center', gap: '0.375rem' },
        })}
      >
        <li>
          <Icon name="mapPin" size={18} /> {job.location}
        </li>
        <li>
          <Icon name="clock" size={18} /> {job.type}
        </li>
      </ul>
      <span aria-hidden="true" css={arrowLink}>
        Read the role <Icon name="arrowRight" size={18} />
      </span>
    </li>
  );
}
