import { ProcessSteps } from '../features/services/components/ProcessSteps';
import { ServiceDetail } from '../features/services/components/ServiceDetail';
import { StackList } from '../features/services/components/StackList';
import { services } from '../features/services/content';
import { CallToAction } from '../features/site/components/CallToAction';
import { ContactOrPricing, PageIntro } from '../features/site/components/PageIntro';
import { Section, SectionHeading } from '../features/site/components/Section';
import { useScrollToHash } from '../features/site/hooks/use-scroll-to-hash';
import { column } from '../features/site/column';

/** Services: each of the five things we build, the process and the stack. */
export default function Services() {
  useScrollToHash();
  return (
    <>
      <PageIntro
        eyebrow="Services"
        title="Services from first idea to long after launch"
        lead={
          <p>
            Websites, web apps, SaaS tools, IoT products and digital platforms. Designed, built, tested and supported by
            one senior team in Cape Town, working in your time zone as much as ours.
          </p>
        }
        actions={<ContactOrPricing contactLabel="Discuss your project" />}
      />
      <div css={{ ...column, paddingBottom: 'clamp(2rem, 6vw, 4rem)' }}>
        {services.map((service) => (
          <ServiceDetail key={service.id} service={service} />
        ))}
      </div>
      <Section tone="muted" labelledBy="process">
        <SectionHeading
          id="process"
          eyebrow="Process"
          title="The same four steps, whatever we build"
          lead="Short feedback loops keep surprises small. You can stop after any step and keep everything made so far."
        />
        <ProcessSteps />
      </Section>
      <Section labelledBy="stack">
        <SectionHeading
          id="stack"
          eyebrow="Stack"
          title="Tools we trust"
          lead="Proven, well-supported technology that other teams can pick up after us. We choose boring where it counts."
        />
        <StackList />
      </Section>
      <CallToAction />
    </>
  );
}
