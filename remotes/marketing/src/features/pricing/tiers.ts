/** Pricing tiers in South African rand, excluding VAT. */
export interface Tier {
  id: string;
  name: string;
  /** Who it is for, in one line. */
  audience: string;
  /** Amount in rand. */
  price: number;
  /** "from" prices are a starting point; the quote follows discovery. */
  from: boolean;
  unit: string;
  timeline: string;
  features: string[];
  cta: string;
  featured?: boolean;
}

export const tiers: readonly Tier[] = [
  {
    id: 'launch',
    name: 'Launch',
    audience: 'A new company website, or a rebuild of the one you have.',
    price: 65000,
    from: true,
    unit: 'once-off',
    timeline: 'Live in 4 to 6 weeks',
    features: [
      'Up to 12 page templates, designed for your brand',
      'Content management your team can use',
      'Accessibility (WCAG 2.2 AA) and technical SEO',
      'Analytics and privacy-friendly cookie set-up',
      '30 days of fixes after launch',
    ],
    cta: 'Plan a website',
  },
  {
    id: 'build',
    name: 'Build',
    audience: 'A web app, SaaS product or IoT pilot, from discovery to launch.',
    price: 240000,
    from: true,
    unit: 'per project',
    timeline: 'Live in 10 to 16 weeks',
    features: [
      'Discovery and a clickable prototype tested with users',
      'Two-week sprints with a live demo after each',
      'A staging site from week two',
      'Automated tests, code review and continuous delivery',
      'Launch support and 60 days of warranty',
      'Every project and link in your client area',
    ],
    cta: 'Scope a product',
    featured: true,
  },
  {
    id: 'partner',
    name: 'Partner',
    audience: 'A dedicated product team for a product that keeps growing.',
    price: 95000,
    from: false,
    unit: 'per month',
    timeline: 'Start within 2 weeks',
    features: [
      'About 100 hours a month of design and engineering',
      'A named product lead and a monthly roadmap review',
      'Priority support with a 4-hour response in office hours',
      'Hosting, monitoring and security updates included',
      'Cancel with 30 days notice',
    ],
    cta: 'Talk about a team',
  },
];

/** Care plan for sites and apps after launch. */
export const carePlan = {
  name: 'Care plan',
  price: 2900,
  unit: 'per month',
  text: 'Hosting, security updates, uptime monitoring, backups and two hours of small changes every month, for anything we built.',
} as const;

/** Discovery on its own: fixed price, credited against a build that follows. */
export const discoveryPrice = 38000;

const rand = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR', maximumFractionDigits: 0 });

/** Whole rand, as South Africans write it: "R 65 000". */
export function formatPrice(amount: number): string {
  return rand.format(amount);
}
