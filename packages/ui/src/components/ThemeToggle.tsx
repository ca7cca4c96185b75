/** @jsxImportSource @emotion/react */
import { iconBox } from '../theme/layout';
import { useColorScheme } from '../theme/ThemeProvider';
import { LineIcon } from './LineIcon';

/** Header button that switches between light and dark. */
export function ThemeToggle() {
  const { scheme, toggle } = useColorScheme();
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      css={(theme) => ({
        ...iconBox('2.5rem', '999px'),
        border: `1px solid ${theme.colors.border}`,
        background: 'transparent',
        color: theme.colors.text,
        cursor: 'pointer',
      })}
    >
      <LineIcon>
        {/* Both icons, picked by the root's class: right in prerendered HTML before hydration. */}
        <g css={{ display: 'none', 'html.dark &': { display: 'inline' } }}>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </g>
        <path css={{ 'html.dark &': { display: 'none' } }} d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </LineIcon>
    </button>
  );
}
