import { stack } from '../stack';

/** "Tools we trust": the stack as four short groups. */
export function StackList() {
  return (
    <dl
      css={{
        margin: 0,
        display: 'grid',
        gap: '1.5rem',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 13rem), 1fr))',
      }}
    >
      {stack.map((group) => (
        <div key={group.area}>
          <dt css={{ fontWeight: 700, marginBottom: '0.5rem' }}>{group.area}</dt>
          {group.tools.map((tool) => (
            <dd key={tool} css={(theme) => ({ margin: '0 0 0.25rem', color: theme.colors.textMuted })}>
              {tool}
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}
