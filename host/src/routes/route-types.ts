/** Who may open a route (spec points 2 and 6). */
export type GuardSpec =
  | { kind: 'public' }
  | { kind: 'guest' }
  | { kind: 'authenticated'; roles?: string[]; verified?: boolean }
  | { kind: 'system' };

export interface PageMeta {
  title: string;
  description: string;
  ogType?: string;
}

export type RemoteName = 'marketing' | 'auth' | 'clientArea' | 'admin';

export interface PageRoute {
  path: string;
  remote: RemoteName;
  /** Exposed module of the remote, e.g. './Home'. */
  module: string;
  layout: 'public' | 'shell';
  guard: GuardSpec;
  meta: PageMeta;
}

export interface RedirectRoute {
  path: string;
  to: string;
}
