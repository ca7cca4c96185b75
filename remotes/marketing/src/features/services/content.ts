import type { IconName } from '../site/components/Icon';

export interface Service {
  id: string;
  icon: IconName;
  name: string;
  summary: string;
  /** What clients typically ask us to build. */
  examples: string[];
  /** What is always part of the work. */
  included: string[];
}

/** The five things the studio builds, in the order the site presents them. */
export const services: readonly Service[] = [
  {
    id: 'websites',
    icon: 'website',
    name: 'Custom websites',
    summary:
      'Fast, accessible marketing sites and content platforms that your team can edit without calling a developer.',
    examples: [
      'Company and product sites with a headless CMS',
      'Multilingual sites for brands selling across Africa and Europe',
      'Online shops on Shopify or a custom checkout with PayFast, Yoco or Stripe',
    ],
    included: ['Core Web Vitals in the green', 'WCAG 2.2 AA accessibility', 'Technical SEO and analytics set-up'],
  },
  {
    id: 'web-apps',
    icon: 'webApp',
    name: 'Web apps',
    summary:
      'Customer portals, booking systems, dashboards and internal tools that replace spreadsheets and e-mail chains.',
    examples: [
      'Client portals with sign-in, documents and status tracking',
      'Booking and scheduling systems with reminders by e-mail, SMS or WhatsApp',
      'Operations dashboards that pull together data from your existing systems',
    ],
    included: ['Role-based access', 'Automated tests and code review', 'Works offline where it matters'],
  },
  {
    id: 'saas',
    icon: 'saas',
    name: 'SaaS tools',
    summary:
      'From first prototype to paying customers: multi-tenant products with subscriptions, onboarding and admin built in.',
    examples: [
      'Minimum viable products for founders validating an idea',
      'Subscription billing, trials and invoicing in rand, dollars or euros',
      'Rebuilding an ageing product on a modern, maintainable stack',
    ],
    included: ['Tenant isolation and audit trails', 'Usage analytics', 'A release process you can own'],
  },
  {
    id: 'iot',
    icon: 'iot',
    name: 'IoT products',
    summary:
      'Connected devices and the software around them: firmware, cloud back end, and the app people actually look at.',
    examples: [
      'Water, energy and cold-chain monitoring with alerts',
      'LoRaWAN and cellular sensor networks for farms and facilities',
      'Companion apps and dashboards for hardware start-ups',
    ],
    included: [
      'Device provisioning and over-the-air updates',
      'Telemetry storage and alerting',
      'Designed for load-shedding and patchy signal',
    ],
  },
  {
    id: 'platforms',
    icon: 'platform',
    name: 'Digital platforms',
    summary: 'Marketplaces, APIs and integrations that connect your business with partners, suppliers and customers.',
    examples: [
      'Two-sided marketplaces with payouts and reviews',
      'Public and partner APIs with documentation and keys',
      'Integrations with Xero, Sage, Salesforce, HubSpot and in-house systems',
    ],
    included: ['API design and versioning', 'Monitoring and on-call options', 'Security review before launch'],
  },
];
