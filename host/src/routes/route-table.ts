// The brand facts alone, not the shared @kloof/ui: this table is read before the async boundary
// (and by the build, which writes routes.json from it for the web server).
import { brand } from '@kloof/ui/brand';
import type { GuardSpec, Layout, PageMeta, PageRoute, RedirectRoute, RemoteName } from './route-types';

/** Every path of the product, by name: links and guards use these, never literals. */
export const paths = {
  home: '/',
  services: '/services',
  docs: '/docs',
  pricing: '/pricing',
  careers: '/careers',
  juniorDigitalAssistant: '/careers/junior-digital-assistant',
  contact: '/contact',
  branding: '/branding',
  unauthorized: '/unauthorized',
  auth: '/auth',
  login: '/auth/login',
  register: '/auth/register',
  forgetPassword: '/auth/forgetPassword',
  resetPassword: '/auth/resetPassword',
  resetPasswordWithCode: '/auth/resetPassword/:otp',
  accountVerification: '/auth/account-verification',
  resendVerification: '/auth/resend-verification',
  signInLink: '/auth/sign-in-link',
  notMe: '/auth/not-me',
  setup: '/setup',
  dashboard: '/dashboard',
  workspaces: '/workspaces',
  workspaceMembers: '/workspaces/:workspaceId/members',
  invitations: '/invitations',
  projects: '/projects',
  links: '/links',
  user: '/user',
  profile: '/user/profile',
  settings: '/user/settings',
  activity: '/user/activity',
  billing: '/billing',
  logout: '/user/logout',
  manage: '/manage',
  manageUsers: '/manage/users',
  manageUser: '/manage/user/:userId',
  manageReleases: '/manage/releases',
  admin: '/admin',
  superAdmin: '/super',
  system: '/system',
} as const;

/** Who may open a page: the client area needs a verified user; /manage Admin or SuperAdmin. */
export const guards = {
  public: { kind: 'public' },
  guest: { kind: 'guest' },
  signedIn: { kind: 'authenticated', verified: true },
  admins: { kind: 'authenticated', verified: true, roles: ['Admin', 'SuperAdmin'] },
  adminOnly: { kind: 'authenticated', verified: true, roles: ['Admin'] },
  superAdminOnly: { kind: 'authenticated', verified: true, roles: ['SuperAdmin'] },
  systemUsers: { kind: 'system' },
  // The releases console: system users and SuperAdmins change releases, Admins read them (the API decides).
  releaseOperators: { kind: 'system', roles: ['Admin', 'SuperAdmin'] },
} as const satisfies Record<string, GuardSpec>;

const titled = (page: string): string => `${page} | ${brand.name}`;

/** One page of a group: its path, the remote's exposed module, and its meta. */
type Page = { path: string; module: string; data?: readonly string[] } & PageMeta;

/** Pages of one remote that share a layout and a guard. */
function group(remote: RemoteName, layout: Layout, guard: GuardSpec, pages: readonly Page[]): PageRoute[] {
  return pages.map(({ path, module, data, ...meta }) => ({
    path,
    remote,
    module,
    layout,
    guard,
    meta,
    ...(data ? { data } : {}),
  }));
}

const resetPasswordMeta = {
  title: titled('Reset password'),
  description: 'Choose a new password with your reset code.',
};

/** Every page of the product: path -> remote page, layout, guard, meta. */
export const pageRoutes: readonly PageRoute[] = [
  ...group('marketing', 'public', guards.public, [
    {
      path: paths.home,
      module: './Home',
      title: `${brand.name}: custom software from Cape Town`,
      description: brand.blurb,
      ogType: 'website',
    },
    {
      path: paths.services,
      module: './Services',
      title: titled('Services'),
      description:
        'Websites, web apps, SaaS tools, IoT products and digital platforms, designed and built in Cape Town.',
      ogType: 'website',
    },
    {
      path: paths.docs,
      module: './Docs',
      title: titled('Docs'),
      description: `How a project with ${brand.name} runs, and how to use the client area.`,
      ogType: 'article',
    },
    {
      path: paths.pricing,
      module: './Pricing',
      title: titled('Pricing'),
      description: 'Clear tiers for websites, web apps and long-term product teams, priced in rand.',
      ogType: 'website',
    },
    {
      path: paths.careers,
      module: './Careers',
      title: titled('Careers'),
      description: `Open roles at ${brand.name} in Cape Town.`,
      ogType: 'website',
    },
    {
      path: paths.juniorDigitalAssistant,
      module: './JuniorDigitalAssistant',
      title: titled('Junior Digital Assistant (Intern)'),
      description: 'A paid internship for a junior digital assistant in our Cape Town studio.',
      ogType: 'article',
    },
    {
      path: paths.contact,
      module: './Contact',
      title: titled('Contact'),
      description: `Tell ${brand.name} about your project: call ${brand.phone} or send a message.`,
      ogType: 'website',
    },
    {
      path: paths.branding,
      module: './Branding',
      title: titled('Branding'),
      description: `The ${brand.name} logo, colours and type, in light and dark.`,
      ogType: 'website',
    },
  ]),

  ...group('auth', 'public', guards.guest, [
    {
      path: paths.login,
      module: './Login',
      title: titled('Sign in'),
      description: `Sign in to the ${brand.name} client area.`,
    },
    {
      path: paths.register,
      module: './Register',
      title: titled('Sign up'),
      description: `Create your ${brand.name} client account.`,
    },
    {
      path: paths.forgetPassword,
      module: './ForgetPassword',
      title: titled('Forgot password'),
      description: 'Request a code to reset your password.',
    },
    { path: paths.resetPassword, module: './ResetPassword', ...resetPasswordMeta },
    { path: paths.resetPasswordWithCode, module: './ResetPassword', ...resetPasswordMeta },
    {
      path: paths.signInLink,
      module: './SignInLink',
      title: titled('Sign in on this device'),
      description: 'Allow this device to sign in while sign-in to your account is paused.',
    },
  ]),
  // Open to everyone: the owner may still be signed in on this browser when the notice arrives.
  ...group('auth', 'public', guards.public, [
    {
      path: paths.notMe,
      module: './NotMe',
      title: titled('This was not me'),
      description: 'Sign your account out everywhere and choose a new password.',
    },
  ]),
  // Open to everyone: a signed-in user who is not verified yet is sent here.
  ...group('auth', 'public', guards.public, [
    {
      path: paths.accountVerification,
      module: './AccountVerification',
      title: titled('Verify your account'),
      description: 'Confirm your e-mail address with the code we sent you.',
    },
    {
      path: paths.resendVerification,
      module: './ResendVerification',
      title: titled('Resend verification'),
      description: 'Get a new verification code by e-mail.',
    },
    // Public, not guest: the link's token is the authority, and a guest guard's redirect would drop it.
    { path: paths.setup, module: './Setup', title: titled('Set up'), description: 'Create the first SuperAdmin.' },
  ]),

  ...group('clientArea', 'shell', guards.signedIn, [
    {
      path: paths.dashboard,
      module: './Dashboard',
      title: titled('Dashboard'),
      description: 'Your workspaces, projects and links at a glance.',
      data: ['dashboard', 'workspaces?limit=5'],
    },
    {
      path: paths.workspaces,
      module: './Workspaces',
      title: titled('Workspaces'),
      description: 'Your workspaces.',
      data: ['workspaces'],
    },
    {
      path: paths.workspaceMembers,
      module: './WorkspaceMembers',
      title: titled('Members'),
      description: 'The members of a workspace and their roles.',
    },
    {
      path: paths.projects,
      module: './Projects',
      title: titled('Projects'),
      description: 'Your projects.',
      // The list's first page, and the newest workspace its create form offers.
      data: ['projects', 'workspaces?limit=1'],
    },
    {
      path: paths.links,
      module: './Links',
      title: titled('Links'),
      description: 'Your links.',
      // As on /projects: the list's first page, and the newest workspace its create form offers.
      data: ['links', 'workspaces?limit=1'],
    },
    {
      path: paths.profile,
      module: './Profile',
      title: titled('Profile'),
      description: 'Your profile and password.',
    },
    { path: paths.settings, module: './Settings', title: titled('Settings'), description: 'Your settings.' },
    {
      path: paths.activity,
      module: './Activity',
      title: titled('Activity'),
      description: 'Sign-ins and security changes on your account.',
      // The log's first page (ActivityScreen's page size).
      data: ['user/activity?limit=20'],
    },
    { path: paths.billing, module: './Billing', title: titled('Billing'), description: 'Your plan and invoices.' },
  ]),
  // Logout runs whatever the session's state: signed out or unknown, it goes straight to sign-in.
  ...group('clientArea', 'shell', guards.public, [
    { path: paths.logout, module: './Logout', title: titled('Signing out'), description: 'Signing you out.' },
    // Open to visitors: the page keeps the mail's token while they sign in or sign up, then comes back.
    {
      path: paths.invitations,
      module: './AcceptInvitation',
      title: titled('Workspace invitation'),
      description: 'Join a workspace you were invited to.',
    },
  ]),

  ...group('admin', 'shell', guards.admins, [
    // Every admin page first asks whether a second factor is required (SecondFactorGate).
    {
      path: paths.manage,
      module: './ManageIndex',
      title: titled('Manage'),
      description: 'Administration.',
      data: ['settings/security'],
    },
    {
      path: paths.manageUsers,
      module: './ManageUsers',
      title: titled('Users'),
      description: 'All user accounts.',
      // The gate's check, and the list's first page (ManageUsersScreen's page size).
      data: ['settings/security', 'users?limit=20'],
    },
    { path: paths.manageUser, module: './ManageUser', title: titled('User'), description: 'One user account.' },
  ]),
  ...group('admin', 'shell', guards.releaseOperators, [
    {
      path: paths.manageReleases,
      module: './ManageReleases',
      title: titled('Releases'),
      description: 'What every app runs, its canary and rollbacks, and who changed them.',
    },
  ]),
  ...group('admin', 'shell', guards.adminOnly, [
    { path: paths.admin, module: './AdminHome', title: titled('Admin'), description: 'Tools for administrators.' },
  ]),
  ...group('admin', 'shell', guards.superAdminOnly, [
    {
      path: paths.superAdmin,
      module: './SuperHome',
      title: titled('Super admin'),
      description: 'Tools for super administrators.',
    },
  ]),
  ...group('admin', 'shell', guards.systemUsers, [
    {
      path: paths.system,
      module: './SystemHome',
      title: titled('System'),
      description: 'System health for system users.',
    },
  ]),
];

export const redirects: readonly RedirectRoute[] = [
  { path: paths.auth, to: paths.home },
  { path: paths.user, to: paths.profile },
];

/** Pages the host renders itself (any other path is the not-found page). */
export const hostPages = [paths.unauthorized] as const;

/** The page route at a path (the table's own pattern, e.g. '/manage/user/:userId'). */
export function routeAt(path: string): PageRoute {
  const route = pageRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No page route for ${path}`);
  return route;
}

/**
 * Every path pattern the app answers with a page or a redirect. The build writes them to the
 * host's routes.json, so the web server answers 404 for any other path.
 */
export function routePatterns(): string[] {
  return [...pageRoutes.map((route) => route.path), ...redirects.map((route) => route.path), ...hostPages];
}

/** Root default meta: the product name as title and description, type webapp. */
export const defaultMeta = { title: brand.productName, description: brand.productName, ogType: 'webapp' } as const;
