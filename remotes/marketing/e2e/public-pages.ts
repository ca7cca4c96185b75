/** Every public page of the marketing remote with the title, description, og type and heading it must show. */
export interface PublicPage {
  path: string;
  title: string;
  description: string;
  ogType: string;
  heading: string;
}

export const marketingPages: readonly PublicPage[] = [
  {
    path: '/',
    title: 'Kloof Digital: custom software from Cape Town',
    description:
      'Kloof Digital is a Cape Town, South Africa studio that designs and builds custom websites, web apps, SaaS tools, IoT products and digital platforms for clients worldwide.',
    ogType: 'website',
    heading: 'Custom software from Cape Town, for clients worldwide',
  },
  {
    path: '/services',
    title: 'Services | Kloof Digital',
    description: 'Websites, web apps, SaaS tools, IoT products and digital platforms, designed and built in Cape Town.',
    ogType: 'website',
    heading: 'Services from first idea to long after launch',
  },
  {
    path: '/docs',
    title: 'Docs | Kloof Digital',
    description: 'How a project with Kloof Digital runs, and how to use the client area.',
    ogType: 'article',
    heading: 'Docs: how we work together',
  },
  {
    path: '/pricing',
    title: 'Pricing | Kloof Digital',
    description: 'Clear tiers for websites, web apps and long-term product teams, priced in rand.',
    ogType: 'website',
    heading: 'Clear pricing, in rand',
  },
  {
    path: '/careers',
    title: 'Careers | Kloof Digital',
    description: 'Open roles at Kloof Digital in Cape Town.',
    ogType: 'website',
    heading: 'Careers at a studio that ships',
  },
  {
    path: '/careers/junior-digital-assistant',
    title: 'Junior Digital Assistant (Intern) | Kloof Digital',
    description: 'A paid internship for a junior digital assistant in our Cape Town studio.',
    ogType: 'article',
    heading: 'Junior Digital Assistant (Intern)',
  },
  {
    path: '/contact',
    title: 'Contact | Kloof Digital',
    description: 'Tell Kloof Digital about your project: call +27 21 555 0143 or send a message.',
    ogType: 'website',
    heading: 'Contact us about your project',
  },
  {
    path: '/branding',
    title: 'Branding | Kloof Digital',
    description: 'The Kloof Digital logo, colours and type, in light and dark.',
    ogType: 'website',
    heading: 'Branding',
  },
];
