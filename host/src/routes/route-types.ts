import type { RemoteName } from '@kloof/apps/apps';
/** Who may open a route: anyone, visitors only, signed-in (verified, with any of some roles) or system users. */
export type GuardSpec =
  | { kind: 'public' }
  | { kind: 'guest' }
  | { kind: 'authenticated'; roles?: readonly string[]; verified?: boolean }
  // System users; with `roles`, verified users holding any of them too (the releases console's Admins).
  | { kind: 'system'; roles?: readonly string[] };

export interface PageMeta {
  title: string;
  description: string;
  ogType?: string;
}

/** A remote by its name in apps.js (a new remote is added there, not here). */
export type { RemoteName } from '@kloof/apps/apps';

/** The public layout (header, footer) or the signed-in app shell. */
export type Layout = 'public' | 'shell';

export interface PageRoute {
  path: string;
  remote: RemoteName;
  /** Exposed module of the remote, e.g. './Home'. */
  module: string;
  layout: Layout;
  guard: GuardSpec;
  meta: PageMeta;
  /**
   * The GETs the page asks for as it opens (path and query as the API client keys them, e.g.
   * `workspaces?limit=5`): a signed-in load starts them with the page's code (route-data.ts).
   */
  data?: readonly string[];
}

export interface RedirectRoute {
  path: string;
  to: string;
}
