/** Header and mobile menu links (spec point 2). */
export interface NavItem {
  link: string;
  label: string;
}

export const publicNav: readonly NavItem[] = [
  { link: '/', label: 'Home' },
  { link: '/services', label: 'Services' },
  { link: '/docs', label: 'Docs' },
  { link: '/pricing', label: 'Pricing' },
  { link: '/careers', label: 'Careers' },
  { link: '/contact', label: 'Contact' },
];
