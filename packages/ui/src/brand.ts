/** Brand facts: the one place the company's name, contacts and blurb are written. */
export const brand = {
  name: 'Kloof Digital',
  productName: 'Kloof Digital',
  clientAreaLabel: 'Client Area v1.1',
  tagline: 'Custom software from Cape Town, for clients worldwide.',
  blurb:
    'Kloof Digital is a Cape Town, South Africa studio that designs and builds custom websites, web apps, SaaS tools, IoT products and digital platforms for clients worldwide.',
  phone: '+27 21 555 0143',
  phoneHref: 'tel:+27215550143',
  email: 'hello@kloofdigital.co.za',
  careersEmail: 'careers@kloofdigital.co.za',
  address: 'Bree Street, Cape Town City Centre, 8001, South Africa',
  city: 'Cape Town, South Africa',
  /** Office hours in South African Standard Time (UTC+2, no daylight saving). */
  hours: 'Monday to Friday, 08:30 to 17:00 SAST (UTC+2)',
  /** Built-in system users when the system-users call fails or is empty. */
  fallbackSystemUsers: ['ops@kloofdigital.co.za', 'platform@kloofdigital.co.za'],
} as const;
