import type { DocsSection } from '../sections';
import { panel } from '@kloof/ui';

/** "On this page": links to the docs' sections, sticky beside the text on wide screens. */
export function DocsNav({ sections }: { sections: readonly DocsSection[] }) {
  return (
    <nav
      aria-label="On this page"
      css={(theme) => ({
        alignSelf: 'start',
        padding: '1.25rem',
        ...panel(theme),
        '@media (min-width: 1024px)': { position: 'sticky', top: '5rem' },
      })}
    >
      <p css={{ margin: '0 0 0.75rem', fontWeight: 700, fontSize: '0.9375rem' }}>On this page</p>
      {sections.map((part) => (
        <div key={part.id} css={{ marginBottom: '0.75rem' }}>
          <a
            href={`#${part.id}`}
            css={(theme) => ({ fontWeight: 600, color: theme.colors.text, textDecoration: 'none' })}
          >
            {part.title}
          </a>
          <ul css={{ listStyle: 'none', margin: '0.375rem 0 0', padding: '0 0 0 0.75rem' }}>
            {part.children.map((child) => (
              <li key={child.id}>
                <a
                  href={`#${child.id}`}
                  css={(theme) => ({
                    display: 'block',
                    padding: '0.1875rem 0',
                    fontSize: '0.9375rem',
                    color: theme.colors.textMuted,
                    textDecoration: 'none',
                    '&:hover': { color: theme.colors.primary, textDecoration: 'underline' },
                  })}
                >
                  {child.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
