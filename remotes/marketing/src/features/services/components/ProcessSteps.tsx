import { processSteps } from '../process';
import { plainList, autoGrid, panel, iconBox } from '@kloof/ui';

/** The four steps of a project as a numbered list. */
export function ProcessSteps() {
  return (
    <ol
      css={{
        ...plainList,
        ...autoGrid('15rem', '1.25rem'),
      }}
    >
      {processSteps.map((step, index) => (
        <li
          key={step.name}
          css={(theme) => ({
            padding: '1.5rem',
            ...panel(theme, theme.colors.background),
          })}
        >
          <span
            aria-hidden="true"
            css={(theme) => ({
              ...iconBox('2rem', '999px'),
              background: theme.colors.primary,
              color: theme.colors.primaryText,
              fontWeight: 700,
              fontSize: '0.9375rem',
            })}
          >
            {index + 1}
          </span>
          <h3 css={{ margin: '1rem 0 0.25rem', fontSize: '1.125rem' }}>{step.name}</h3>
          <p
            css={(theme) => ({
              margin: '0 0 0.75rem',
              fontSize: '0.875rem',
              fontWeight: 600,
              color: theme.colors.accent,
            })}
          >
            {step.duration}
          </p>
          <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
