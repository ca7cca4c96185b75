import { brand, iconBox, plainList } from '@kloof/ui';
import { Icon, type IconName } from '../../site/components/Icon';

/** Phone, e-mail, address and hours beside the form. */
export function ContactDetails() {
  const rows: { icon: IconName; label: string; value: string; href?: string }[] = [
    { icon: 'phone', label: 'Call us', value: brand.phone, href: brand.phoneHref },
    { icon: 'mail', label: 'E-mail', value: brand.email, href: `mailto:${brand.email}` },
    { icon: 'mapPin', label: 'Studio', value: brand.address },
    { icon: 'clock', label: 'Office hours', value: brand.hours },
  ];
  return (
    <aside aria-labelledby="contact-details-title">
      <h2 id="contact-details-title" css={{ margin: '0 0 1.25rem', fontSize: '1.375rem' }}>
        Other ways to reach us
      </h2>
      <ul css={{ ...plainList, display: 'grid', gap: '1.25rem' }}>
        {rows.map((row) => (
          <li key={row.label} css={{ display: 'flex', gap: '0.875rem' }}>
            <span
              css={(theme) => ({
                ...iconBox('2.5rem', '0.75rem'),
                background: theme.colors.surfaceMuted,
                color: theme.colors.primary,
              })}
            >
              <Icon name={row.icon} size={20} />
            </span>
            <div>
              <p css={{ margin: 0, fontWeight: 700, fontSize: '0.9375rem' }}>{row.label}</p>
              {row.href ? (
                <a href={row.href} css={(theme) => ({ color: theme.colors.primary, fontWeight: 600 })}>
                  {row.value}
                </a>
              ) : (
                <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>{row.value}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
      <p
        css={(theme) => ({
          margin: '2rem 0 0',
          padding: '1.25rem',
          borderRadius: '1rem',
          background: theme.colors.surfaceMuted,
          color: theme.colors.textMuted,
        })}
      >
        <strong css={(theme) => ({ color: theme.colors.text })}>Outside South Africa?</strong> We work with clients in
        the UK, Europe and North America every day. Calls are on video, and we keep a few hours of overlap with your
        time zone.
      </p>
    </aside>
  );
}
