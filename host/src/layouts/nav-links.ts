/** Header and mobile menu links of the public layout, in the order shown. */
export interface NavItem {
  link: string;
  label: string;
}

/** Header and mobile menu links. */
export const publicNav: readonly NavItem[] = [
  { link: '/', label: 'Home' },
  { link: '/services', label: 'Services' },
  { link: '/docs', label: 'Docs' },
  { link: '/pricing', label: 'Pricing' },
  { link: '/careers', label: 'Careers' },
  { link: '/contact', label: 'Contact' },
];

/** Account links: visitors see Login and Sign Up, signed-in users the dashboard. */
export const guestLinks = {
  login: { link: '/auth/login', label: 'Login' },
  signUp: { link: '/auth/register', label: 'Sign Up' },
} as const satisfies Record<string, NavItem>;

export const dashboardLink: NavItem = { link: '/dashboard', label: 'Go to Dashboard' };

/** Footer columns. */
export const footerColumns: readonly { title: string; items: readonly NavItem[] }[] = [
  {
    title: 'Company',
    items: [
      { link: '/', label: 'Home' },
      { link: '/services', label: 'Services' },
      { link: '/careers', label: 'Careers' },
    ],
  },
  {
    title: 'Resources',
    items: [
      { link: '/docs', label: 'Docs' },
      { link: '/pricing', label: 'Pricing' },
      { link: '/contact', label: 'Contact' },
    ],
  },
];
