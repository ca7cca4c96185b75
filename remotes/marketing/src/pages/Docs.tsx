import { ClientAreaGuide } from '../features/docs/components/ClientAreaGuide';
import { DocsNav } from '../features/docs/components/DocsNav';
import { WorkingWithUs } from '../features/docs/components/WorkingWithUs';
import { YourDataGuide } from '../features/docs/components/YourDataGuide';
import { docsSections } from '../features/docs/sections';
import { CallToAction } from '../features/site/components/CallToAction';
import { PageIntro } from '../features/site/components/PageIntro';
import { Prose } from '../features/site/components/Prose';
import { useScrollToHash } from '../features/site/hooks/use-scroll-to-hash';
import { columnWithAside } from '../features/site/column';

/** Docs: how working with the agency goes, how the client area works, and your data in it. */
export default function Docs() {
  useScrollToHash();
  return (
    <>
      <PageIntro
        eyebrow="Docs"
        title="Docs: how we work together"
        lead={<p>What happens from the first call to launch, and how to use your client area along the way.</p>}
      />
      <div css={columnWithAside('16rem minmax(0, 46rem)')}>
        <DocsNav sections={docsSections} />
        <article>
          <Prose>
            <WorkingWithUs />
            <ClientAreaGuide />
            <YourDataGuide />
          </Prose>
        </article>
      </div>
      <CallToAction />
    </>
  );
}
