import { autoGrid, brand, plainList } from '@kloof/ui';
import { RoleCard } from '../features/careers/components/RoleCard';
import { openRoles } from '../features/careers/jobs';
import { PageIntro } from '../features/site/components/PageIntro';
import { Section, SectionHeading } from '../features/site/components/Section';

const values = [
  {
    title: 'Small teams, real ownership',
    text: 'Three to five people per project. Everyone talks to the client, and everyone ships.',
  },
  {
    title: 'Learning is part of the job',
    text: 'A training budget for everyone, Friday afternoons for learning, and mentors who have done it before.',
  },
  {
    title: 'Sustainable pace',
    text: 'No crunch weeks, no weekend launches. Office hours are office hours, and leave is leave.',
  },
  {
    title: 'A studio in the city',
    text: 'A bright studio on Bree Street, close to MyCiTi stops, with backup power for load-shedding.',
  },
] as const;

/** Careers: why work here, the open role with a link to its page, and open applications. */
export default function Careers() {
  return (
    <>
      <PageIntro
        eyebrow="Careers"
        title="Careers at a studio that ships"
        lead={
          <p>
            We are a small team of designers and engineers in Cape Town building software for clients around the world.
            We hire for curiosity and care, and we teach the rest.
          </p>
        }
      />
      <Section labelledBy="open-roles">
        <SectionHeading
          id="open-roles"
          eyebrow="Open roles"
          title={openRoles.length === 1 ? 'One open role' : `${openRoles.length} open roles`}
        />
        <ul css={{ ...plainList, display: 'grid', gap: '1.25rem' }}>
          {openRoles.map((job) => (
            <RoleCard key={job.slug} job={job} />
          ))}
        </ul>
        <p css={(theme) => ({ margin: '1.5rem 0 0', color: theme.colors.textMuted })}>
          No role for you right now? Send an open application to{' '}
          <a href={`mailto:${brand.careersEmail}`}>{brand.careersEmail}</a>. We keep it on file and get in touch when
          something fits.
        </p>
      </Section>
      <Section tone="muted" labelledBy="life">
        <SectionHeading id="life" eyebrow={`Life at ${brand.name}`} title="How we work" />
        <ul
          css={{
            ...plainList,
            ...autoGrid('15rem', '2rem'),
          }}
        >
          {values.map((value) => (
            <li key={value.title}>
              <h3 css={{ margin: '0 0 0.375rem', fontSize: '1.0625rem' }}>{value.title}</h3>
              <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted })}>{value.text}</p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
