/** The docs' table of contents; ids are the anchors used by links across the site. */
export interface DocsSection {
  id: string;
  title: string;
  children: { id: string; title: string }[];
}

export const docsSections: readonly DocsSection[] = [
  {
    id: 'working-with-us',
    title: 'Working with us',
    children: [
      { id: 'first-conversation', title: 'The first conversation' },
      { id: 'proposal', title: 'Proposal and quote' },
      { id: 'discovery', title: 'Discovery' },
      { id: 'sprints', title: 'Sprints and demos' },
      { id: 'launch', title: 'Launch and after' },
      { id: 'what-we-need', title: 'What we need from you' },
    ],
  },
  {
    id: 'client-area',
    title: 'The client area',
    children: [
      { id: 'account', title: 'Your account' },
      { id: 'dashboard', title: 'Dashboard' },
      { id: 'workspaces', title: 'Workspaces' },
      { id: 'projects', title: 'Projects' },
      { id: 'links', title: 'Links' },
      { id: 'roles', title: 'Roles and access' },
      { id: 'profile', title: 'Profile, theme and signing out' },
    ],
  },
  {
    id: 'your-data',
    title: 'Your data and privacy',
    children: [
      { id: 'email-change', title: 'Changing your e-mail address' },
      { id: 'export', title: 'Downloading your data' },
      { id: 'deletion', title: 'Deleting your account' },
      { id: 'privacy', title: 'What we erase and what we keep' },
    ],
  },
];
