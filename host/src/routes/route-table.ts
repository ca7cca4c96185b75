// The brand facts alone, not the shared @kloof/ui: this table is read before the async boundary.
import { brand } from '@kloof/ui/brand';
import type { GuardSpec, PageRoute, RedirectRoute } from './route-types';

const publicPage: GuardSpec = { kind: 'public' };
const guest: GuardSpec = { kind: 'guest' };
const signedIn: GuardSpec = { kind: 'authenticated', verified: true };
const admins: GuardSpec = { kind: 'authenticated', verified: true, roles: ['Admin', 'SuperAdmin'] };

const title = (page: string): string => `${page} | ${brand.name}`;

/** Every page of the product (spec point 2): path -> remote page, layout, guard, meta. */
export const pageRoutes: readonly PageRoute[] = [
  // Public site
  {
    path: '/',
    remote: 'marketing',
    module: './Home',
    layout: 'public',
    guard: publicPage,
    meta: { title: `${brand.name}: custom software from Cape Town`, description: brand.blurb, ogType: 'website' },
  },
  {
    path: '/services',
    remote: 'marketing',
    module: './Services',
    layout: 'public',
    guard: publicPage,
    meta: {
      title: title('Services'),
      description:
        'Websites, web apps, SaaS tools, IoT products and digital platforms, designed and built in Cape Town.',
      ogType: 'website',
    },
  },
  {
    path: '/docs',
    remote: 'marketing',
    module: './Docs',
    layout: 'public',
    guard: publicPage,
    meta: {
      title: title('Docs'),
      description: `How a project with ${brand.name} runs, and how to use the client area.`,
      ogType: 'article',
    },
  },
  {
    path: '/pricing',
    remote: 'marketing',
    module: './Pricing',
    layout: 'public',
    guard: publicPage,
    meta: {
      title: title('Pricing'),
      description: 'Clear tiers for websites, web apps and long-term product teams, priced in rand.',
      ogType: 'website',
    },
  },
  {
    path: '/careers',
    remote: 'marketing',
    module: './Careers',
    layout: 'public',
    guard: publicPage,
    meta: { title: title('Careers'), description: `Open roles at ${brand.name} in Cape Town.`, ogType: 'website' },
  },
  {
    path: '/careers/junior-digital-assistant',
    remote: 'marketing',
    module: './JuniorDigitalAssistant',
    layout: 'public',
    guard: publicPage,
    meta: {
      title: title('Junior Digital Assistant (Intern)'),
      description: 'A paid internship for a junior digital assistant in our Cape Town studio.',
      ogType: 'article',
    },
  },
  {
    path: '/contact',
    remote: 'marketing',
    module: './Contact',
    layout: 'public',
    guard: publicPage,
    meta: {
      title: title('Contact'),
      description: `Tell ${brand.name} about your project: call ${brand.phone} or send a message.`,
      ogType: 'website',
    },
  },
  {
    path: '/branding',
    remote: 'marketing',
    module: './Branding',
    layout: 'public',
    guard: publicPage,
    meta: {
      title: title('Branding'),
      description: `The ${brand.name} logo, colours and type, in light and dark.`,
      ogType: 'website',
    },
  },

  // Auth pages (guests only)
  {
    path: '/auth/login',
    remote: 'auth',
    module: './Login',
    layout: 'public',
    guard: guest,
    meta: { title: title('Sign in'), description: `Sign in to the ${brand.name} client area.` },
  },
  {
    path: '/auth/register',
    remote: 'auth',
    module: './Register',
    layout: 'public',
    guard: guest,
    meta: { title: title('Sign up'), description: `Create your ${brand.name} client account.` },
  },
  {
    path: '/auth/forgetPassword',
    remote: 'auth',
    module: './ForgetPassword',
    layout: 'public',
    guard: guest,
    meta: { title: title('Forgot password'), description: 'Request a code to reset your password.' },
  },
  {
    path: '/auth/resetPassword',
    remote: 'auth',
    module: './ResetPassword',
    layout: 'public',
    guard: guest,
    meta: { title: title('Reset password'), description: 'Choose a new password with your reset code.' },
  },
  {
    path: '/auth/resetPassword/:otp',
    remote: 'auth',
    module: './ResetPassword',
    layout: 'public',
    guard: guest,
    meta: { title: title('Reset password'), description: 'Choose a new password with your reset code.' },
  },
  {
    path: '/auth/account-verification',
    remote: 'auth',
    module: './AccountVerification',
    layout: 'public',
    guard: publicPage,
    meta: {
      title: title('Verify your account'),
      description: 'Confirm your e-mail address with the code we sent you.',
    },
  },
  {
    path: '/auth/resend-verification',
    remote: 'auth',
    module: './ResendVerification',
    layout: 'public',
    guard: publicPage,
    meta: { title: title('Resend verification'), description: 'Get a new verification code by e-mail.' },
  },

  // Client area (signed-in, verified)
  {
    path: '/dashboard',
    remote: 'clientArea',
    module: './Dashboard',
    layout: 'shell',
    guard: signedIn,
    meta: { title: title('Dashboard'), description: 'Your workspaces, projects and links at a glance.' },
  },
  {
    path: '/workspaces',
    remote: 'clientArea',
    module: './Workspaces',
    layout: 'shell',
    guard: signedIn,
    meta: { title: title('Workspaces'), description: 'Your workspaces.' },
  },
  {
    path: '/projects',
    remote: 'clientArea',
    module: './Projects',
    layout: 'shell',
    guard: signedIn,
    meta: { title: title('Projects'), description: 'Your projects.' },
  },
  {
    path: '/links',
    remote: 'clientArea',
    module: './Links',
    layout: 'shell',
    guard: signedIn,
    meta: { title: title('Links'), description: 'Your links.' },
  },
  {
    path: '/user/profile',
    remote: 'clientArea',
    module: './Profile',
    layout: 'shell',
    guard: signedIn,
    meta: { title: title('Profile'), description: 'Your profile and password.' },
  },
  {
    path: '/user/settings',
    remote: 'clientArea',
    module: './Settings',
    layout: 'shell',
    guard: signedIn,
    meta: { title: title('Settings'), description: 'Your settings.' },
  },
  {
    path: '/billing',
    remote: 'clientArea',
    module: './Billing',
    layout: 'shell',
    guard: signedIn,
    meta: { title: title('Billing'), description: 'Your plan and invoices.' },
  },
  {
    path: '/user/logout',
    remote: 'clientArea',
    module: './Logout',
    layout: 'shell',
    guard: { kind: 'public' },
    meta: { title: title('Signing out'), description: 'Signing you out.' },
  },

  // Administration
  {
    path: '/manage',
    remote: 'admin',
    module: './ManageIndex',
    layout: 'shell',
    guard: admins,
    meta: { title: title('Manage'), description: 'Administration.' },
  },
  {
    path: '/manage/users',
    remote: 'admin',
    module: './ManageUsers',
    layout: 'shell',
    guard: admins,
    meta: { title: title('Users'), description: 'All user accounts.' },
  },
  {
    path: '/manage/user/:userId',
    remote: 'admin',
    module: './ManageUser',
    layout: 'shell',
    guard: admins,
    meta: { title: title('User'), description: 'One user account.' },
  },
  {
    path: '/admin',
    remote: 'admin',
    module: './AdminHome',
    layout: 'shell',
    guard: { kind: 'authenticated', verified: true, roles: ['Admin'] },
    meta: { title: title('Admin'), description: 'Tools for administrators.' },
  },
  {
    path: '/super',
    remote: 'admin',
    module: './SuperHome',
    layout: 'shell',
    guard: { kind: 'authenticated', verified: true, roles: ['SuperAdmin'] },
    meta: { title: title('Super admin'), description: 'Tools for super administrators.' },
  },
  {
    path: '/system',
    remote: 'admin',
    module: './SystemHome',
    layout: 'shell',
    guard: { kind: 'system' },
    meta: { title: title('System'), description: 'System health for system users.' },
  },
];

export const redirects: readonly RedirectRoute[] = [
  { path: '/auth', to: '/' },
  { path: '/user', to: '/user/profile' },
];

/** Root default meta: the product name, type webapp (spec point 2). */
export const defaultMeta = { title: brand.productName, description: brand.productName, ogType: 'webapp' } as const;
