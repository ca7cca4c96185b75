import { defineEndpoints } from './define';
import { ownedCrud } from './owned-crud';

export const workspaces = ownedCrud({
  one: 'Workspace',
  many: 'Workspaces',
  path: '/workspaces',
  tag: 'workspaces',
  schemas: {
    item: 'Workspace',
    list: 'WorkspacePage',
    query: 'WorkspaceListQuery',
    create: 'CreateWorkspaceBody',
    update: 'UpdateWorkspaceBody',
  },
  createNamesParent: false,
  uniqueName: true,
  summaries: {
    list: 'The workspaces you are a member of, with your role, a page at a time, newest first (whatever your site roles)',
    create: 'Create a workspace',
    get: 'One of your workspaces (any member)',
    update: 'Rename or describe one of your workspaces (owners)',
    remove: 'Delete with its projects and links (owners)',
  },
});

export const projects = ownedCrud({
  one: 'Project',
  many: 'Projects',
  path: '/projects',
  tag: 'projects',
  schemas: {
    item: 'Project',
    list: 'ProjectPage',
    query: 'ProjectListQuery',
    create: 'CreateProjectBody',
    update: 'UpdateProjectBody',
  },
  createNamesParent: true,
  summaries: {
    list: 'The projects of your workspaces, a page at a time, newest first; by workspace, status or name',
    create: 'Create a project in one of your workspaces (owners and editors)',
    get: 'One of your projects',
    update: 'Change one of your projects',
    remove: 'Delete one of your projects',
  },
});

export const links = ownedCrud({
  one: 'Link',
  many: 'Links',
  path: '/links',
  tag: 'links',
  schemas: {
    item: 'Link',
    list: 'LinkPage',
    query: 'LinkListQuery',
    create: 'CreateLinkBody',
    update: 'UpdateLinkBody',
  },
  createNamesParent: true,
  summaries: {
    list: 'The links of your workspaces, a page at a time, newest first; by workspace, project, title or address',
    create: 'Add a link',
    get: 'One of your links',
    update: 'Change one of your links',
    remove: 'Delete one of your links',
  },
});

const clientArea = { access: 'verified', tags: ['client area'] } as const;

export const overview = defineEndpoints({
  getDashboard: {
    ...clientArea,
    method: 'GET',
    path: '/dashboard',
    summary: 'Counts and the 5 newest links of the workspaces you are a member of',
    response: { 200: 'Dashboard' },
    errors: [401, 403],
  },
  getBilling: {
    ...clientArea,
    method: 'GET',
    path: '/billing',
    summary: 'Your plan and invoices (may be empty)',
    response: { 200: 'Billing' },
    errors: [401, 403],
  },
});
