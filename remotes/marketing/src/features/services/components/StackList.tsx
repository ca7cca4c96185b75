import { stack } from '../stack';
import { autoGrid } from '@kloof/ui';

/** "Tools we trust": the stack as four short groups. */
export function StackList() {
  return (
    <dl
      css={{
        margin: 0,
        ...autoGrid('13rem', '1.5rem'),
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
