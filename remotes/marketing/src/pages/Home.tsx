import { autoGrid, brand, plainList } from '@kloof/ui';
import { NotSureCard } from '../features/home/components/NotSureCard';
import { ProjectSnapshot } from '../features/home/components/ProjectSnapshot';
import { Promises } from '../features/home/components/Promises';
import { ProcessSteps } from '../features/services/components/ProcessSteps';
import { ServiceCard } from '../features/services/components/ServiceCard';
import { services } from '../features/services/content';
import { CallToAction } from '../features/site/components/CallToAction';
import { ContactOrPricing, PageIntro } from '../features/site/components/PageIntro';
import { Section, SectionHeading } from '../features/site/components/Section';

/** Home: who we are, what we build, how we work. */
export default function Home() {
  return (
    <>
      <PageIntro
        eyebrow="Software studio · Cape Town"
        title="Custom software from Cape Town, for clients worldwide"
        lead={
          <p>
            We design and build websites, web apps, SaaS tools, IoT products and digital platforms for start-ups and
            established businesses, from Cape Town to Copenhagen to Chicago.
          </p>
        }
        actions={<ContactOrPricing contactLabel="Start a project" />}
        aside={<ProjectSnapshot />}
      />
      <Section labelledBy="what-we-build">
        <SectionHeading
          id="what-we-build"
          eyebrow="Services"
          title="What we build"
          lead="Five kinds of product, one way of working: small senior teams, honest estimates and software that is built to be handed over."
        />
        <ul
          css={{
            ...plainList,
            ...autoGrid('18rem', '1.25rem'),
          }}
        >
          {services.map((service) => (
            <ServiceCard key={service.id} service={service} />
          ))}
          <NotSureCard />
        </ul>
      </Section>
      <Section tone="muted" labelledBy="how-we-work">
        <SectionHeading
          id="how-we-work"
          eyebrow="Process"
          title="How a project runs"
          lead="No black box. You see working software every two weeks and decide what comes next."
        />
        <ProcessSteps />
      </Section>
      <Section labelledBy="why-us">
        <SectionHeading id="why-us" eyebrow={`Why ${brand.name}`} title="A studio that stays after launch" />
        <Promises />
      </Section>
      <CallToAction />
    </>
  );
}
