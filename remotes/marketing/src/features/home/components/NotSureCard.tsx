import { Link } from 'react-router-dom';
import { Icon } from '../../site/components/Icon';
import { arrowLink } from '../../site/arrow-link';

/** Closes the services grid: for visitors whose idea fits none of the boxes yet. */
export function NotSureCard() {
  return (
    <li
      css={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: '0.75rem',
        padding: '1.5rem',
        borderRadius: '1rem',
        border: `1px dashed ${theme.colors.borderStrong}`,
        background: theme.colors.surface,
      })}
    >
      <h3 css={{ margin: 0, fontSize: '1.1875rem' }}>Not sure what you need yet?</h3>
      <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>
        Most projects start as a problem, not a spec. A two-week discovery turns it into a plan, a prototype and a
        price.
      </p>
      <Link to="/docs#discovery" css={arrowLink}>
        How discovery works <Icon name="arrowRight" size={18} />
      </Link>
    </li>
  );
}
