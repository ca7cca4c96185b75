import { Icon } from '../../site/components/Icon';
import type { Service } from '../content';
import { IconBadge } from './ServiceCard';
import { autoGrid } from '@kloof/ui';

/** One service on /services, addressable as /services#<id>. */
export function ServiceDetail({ service }: { service: Service }) {
  return (
    <section
      id={service.id}
      aria-labelledby={`${service.id}-title`}
      css={(theme) => ({
        ...autoGrid('20rem', '1.5rem 3rem'),
        padding: '2.5rem 0',
        borderTop: `1px solid ${theme.colors.border}`,
        scrollMarginTop: '5rem',
        '&:first-of-type': { borderTop: 0, paddingTop: 0 },
      })}
    >
      <div>
        <IconBadge name={service.icon} />
        <h2 id={`${service.id}-title`} css={{ margin: '1rem 0 0.5rem', fontSize: 'clamp(1.375rem, 3vw, 1.75rem)' }}>
          {service.name}
        </h2>
        <p css={(theme) => ({ margin: 0, fontSize: '1.0625rem', color: theme.colors.textMuted })}>{service.summary}</p>
      </div>
      <div
        css={{ display: 'grid', gap: '1.5rem', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))' }}
      >
        <div>
          <h3 css={{ margin: '0 0 0.75rem', fontSize: '1rem' }}>Typical projects</h3>
          <ul
            css={(theme) => ({
              margin: 0,
              paddingLeft: '1.125rem',
              color: theme.colors.textMuted,
              '& li': { marginBottom: '0.5rem' },
            })}
          >
            {service.examples.map((example) => (
              <li key={example}>{example}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3 css={{ margin: '0 0 0.75rem', fontSize: '1rem' }}>Always included</h3>
          <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {service.included.map((item) => (
              <li
                key={item}
                css={(theme) => ({
                  display: 'flex',
                  gap: '0.5rem',
                  marginBottom: '0.5rem',
                  color: theme.colors.textMuted,
                })}
              >
                <span css={(theme) => ({ color: theme.colors.success, marginTop: '0.125rem' })}>
                  <Icon name="check" size={20} />
                </span>
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
