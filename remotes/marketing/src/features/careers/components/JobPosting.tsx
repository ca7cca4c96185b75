import { brand, ButtonLink, panel, plainList } from '@kloof/ui';
import { Link } from 'react-router-dom';
import { Icon } from '../../site/components/Icon';
import { PageIntro } from '../../site/components/PageIntro';
import { Prose } from '../../site/components/Prose';
import type { Job } from '../jobs';
import { column, columnWithAside } from '../../site/column';

function List({ items }: { items: readonly string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** A job page: the role, what it takes, what it offers and how to apply. */
export function JobPosting({ job }: { job: Job }) {
  const applyHref = `mailto:${brand.careersEmail}?subject=${encodeURIComponent(`Application: ${job.title}`)}`;
  const facts = [
    { icon: 'mapPin', label: 'Location', value: job.location },
    { icon: 'clock', label: 'Type', value: job.type },
    { icon: 'gauge', label: 'Pay', value: job.pay },
  ] as const;
  return (
    <>
      <nav aria-label="Breadcrumb" css={{ ...column, paddingTop: '1.5rem' }}>
        <ol
          css={(theme) => ({
            display: 'flex',
            gap: '0.5rem',
            ...plainList,
            fontSize: '0.9375rem',
            color: theme.colors.textMuted,
            '& li + li::before': { content: '"/"', marginRight: '0.5rem' },
          })}
        >
          <li>
            <Link to="/careers" css={(theme) => ({ color: theme.colors.primary })}>
              Careers
            </Link>
          </li>
          <li aria-current="page">{job.title}</li>
        </ol>
      </nav>
      <PageIntro
        eyebrow="Open role"
        title={job.title}
        lead={<p>{job.summary}</p>}
        actions={<ButtonLink to={applyHref}>Apply by e-mail</ButtonLink>}
      />
      <div css={columnWithAside('minmax(0, 46rem) 20rem')}>
        <article>
          <Prose>
            <h2>About the role</h2>
            {job.about.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <h2>What you will do</h2>
            <List items={job.tasks} />
            <h2>What you bring</h2>
            <List items={job.requirements} />
            <h3>Nice to have</h3>
            <List items={job.niceToHave} />
            <h2>What you will learn</h2>
            <List items={job.learning} />
            <h2>What we offer</h2>
            <List items={job.offer} />
            <h2 id="apply">How to apply</h2>
            <ol>
              {job.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p>
              E-mail <a href={applyHref}>{brand.careersEmail}</a> with the subject “Application: {job.title}”. We read
              every application and reply to each one, usually within ten working days. Applications are reviewed as
              they arrive, and we welcome applicants of every background, in line with our employment equity plan.
            </p>
          </Prose>
        </article>
        <aside
          aria-label="Role at a glance"
          css={{ '@media (min-width: 1024px)': { position: 'sticky', top: '5rem', alignSelf: 'start' } }}
        >
          <dl
            css={(theme) => ({
              margin: 0,
              padding: '1.5rem',
              ...panel(theme),
              display: 'grid',
              gap: '1rem',
            })}
          >
            {facts.map((fact) => (
              <div key={fact.label}>
                <dt
                  css={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: '0.625rem',
                    fontWeight: 700,
                    fontSize: '0.9375rem',
                  }}
                >
                  <span css={(theme) => ({ display: 'inline-flex', color: theme.colors.primary })}>
                    <Icon name={fact.icon} size={22} />
                  </span>
                  {fact.label}
                </dt>
                <dd css={(theme) => ({ margin: '0.125rem 0 0 2rem', color: theme.colors.textMuted })}>{fact.value}</dd>
              </div>
            ))}
          </dl>
          <ButtonLink to={applyHref} css={{ width: '100%', marginTop: '1rem' }}>
            Apply by e-mail
          </ButtonLink>
        </aside>
      </div>
    </>
  );
}
