import { useLocation } from 'react-router-dom';
import { ContactDetails } from '../features/contact/components/ContactDetails';
import { ContactForm } from '../features/contact/components/ContactForm';
import { planInterest } from '../features/contact/plan-interest';
import { PageIntro } from '../features/site/components/PageIntro';
import { column } from '../features/site/column';
import { panel } from '@kloof/ui';

/** Contact: the form (stored by the API, read by admins) and the other ways to reach us. */
export default function Contact() {
  const { search } = useLocation();
  return (
    <>
      <PageIntro
        eyebrow="Contact"
        title="Contact us about your project"
        lead={
          <p>
            Tell us what you are building. A real person replies within one working day, with questions, a rough range
            and the next step.
          </p>
        }
      />
      <div
        css={{
          ...column,
          paddingBottom: 'clamp(3rem, 8vw, 5.5rem)',
          display: 'grid',
          gap: '3rem',
          alignItems: 'start',
          '@media (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 1.4fr) minmax(0, 1fr)' },
        }}
      >
        <div
          css={(theme) => ({
            padding: 'clamp(1.25rem, 4vw, 2rem)',
            ...panel(theme, theme.colors.surface, '1.25rem'),
          })}
        >
          <ContactForm initial={{ message: planInterest(search) }} />
        </div>
        <ContactDetails />
      </div>
    </>
  );
}
