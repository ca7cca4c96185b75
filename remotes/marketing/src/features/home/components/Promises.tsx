import { Icon, type IconName } from '../../site/components/Icon';
import { plainList, autoGrid } from '@kloof/ui';

const promises: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'globe',
    title: 'Your hours, our hours',
    text: 'South Africa is on UTC+2 all year: a full working day with the UK and Europe, and mornings with the US East Coast.',
  },
  {
    icon: 'gauge',
    title: 'Estimates you can plan with',
    text: 'A fixed range before you commit, and a weekly view of budget spent against scope delivered.',
  },
  {
    icon: 'shield',
    title: 'You own everything',
    text: 'Code, designs, accounts and documentation are yours from day one. No lock-in, no hostage hosting.',
  },
  {
    icon: 'users',
    title: 'Senior people, small teams',
    text: 'The people you meet in the first call are the people who build your product.',
  },
];

/** Four reasons to work with the studio. */
export function Promises() {
  return (
    <ul
      css={{
        ...plainList,
        ...autoGrid('15rem', '2rem 2.5rem'),
      }}
    >
      {promises.map((p) => (
        <li key={p.title}>
          <span css={(theme) => ({ color: theme.colors.primary })}>
            <Icon name={p.icon} size={28} />
          </span>
          <h3 css={{ margin: '0.75rem 0 0.375rem', fontSize: '1.0625rem' }}>{p.title}</h3>
          <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>{p.text}</p>
        </li>
      ))}
    </ul>
  );
}
