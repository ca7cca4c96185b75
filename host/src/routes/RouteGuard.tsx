import type { ReactNode } from 'react';
import { GuestOnly, RequireAuth, RequireSystemUser } from '@kloof/auth';
import type { GuardSpec } from './route-types';

/** Applies a route's guard before its page (and so its remote) is loaded. */
export function RouteGuard({ spec, children }: { spec: GuardSpec; children: ReactNode }) {
  switch (spec.kind) {
    case 'public':
      return children;
    case 'guest':
      return <GuestOnly>{children}</GuestOnly>;
    case 'authenticated':
      return (
        <RequireAuth roles={spec.roles} verified={spec.verified}>
          {children}
        </RequireAuth>
      );
    case 'system':
      return <RequireSystemUser roles={spec.roles}>{children}</RequireSystemUser>;
  }
}
