import { brand } from '@kloof/ui';
import { ColourPalette } from '../features/branding/components/ColourPalette';
import { LogoShowcase } from '../features/branding/components/LogoShowcase';
import { TypeSpecimen } from '../features/branding/components/TypeSpecimen';
import { VoiceGuide } from '../features/branding/components/VoiceGuide';
import { PageIntro } from '../features/site/components/PageIntro';
import { Section, SectionHeading } from '../features/site/components/Section';

/** Branding: logo, colours, type and voice, in both themes. */
export default function Branding() {
  return (
    <>
      <PageIntro
        eyebrow="Brand guidelines"
        title="Branding"
        lead={
          <p>
            The {brand.name} logo, colours, type and voice. For partners, press and anyone building something with us.
            Questions? Write to <a href={`mailto:${brand.email}`}>{brand.email}</a>.
          </p>
        }
      />
      <Section labelledBy="logo">
        <SectionHeading
          id="logo"
          eyebrow="Logo"
          title="The mark and the wordmark"
          lead="The mark is Table Mountain's flat top, split by a kloof: the ravines that cut through the mountain above the city. Keep clear space around it of at least half the mark's height, and never use it smaller than 16 px."
        />
        <LogoShowcase />
      </Section>
      <Section tone="muted" labelledBy="colour">
        <SectionHeading
          id="colour"
          eyebrow="Colour"
          title="Two palettes, one brand"
          lead="Every text colour passes WCAG AA contrast (4.5:1) on the page in both the light and the dark theme. The dark theme lifts the teal so it stays legible on deep navy."
        />
        <ColourPalette />
      </Section>
      <Section labelledBy="type">
        <SectionHeading id="type" eyebrow="Type" title="The system font, set with care" />
        <TypeSpecimen />
      </Section>
      <Section tone="muted" labelledBy="voice">
        <SectionHeading id="voice" eyebrow="Voice" title="How we write" />
        <VoiceGuide />
      </Section>
    </>
  );
}
