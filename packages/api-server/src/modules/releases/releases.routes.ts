import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { endpoints } from '@kloof/api-contract/endpoints';
import { abortCanary, changeCanaryShare, promote, rollback } from '@kloof/release-tool/store';
import { apiError, forbidden } from '../../lib/http-error';
import { authOf, isAdmin } from '../../plugins/auth';
import type { UserRow } from '../../db/schema';
import { route } from '../common/route';
import { assertFreshProof } from '../fresh-proof/fresh-proof.service';
import { summarizeOverTime } from '../telemetry/telemetry.service';
import { knownApp, readHistoryPage, readOverview, releaseStoreOf, runReleaseChange } from './releases.service';

const { releases } = endpoints;

const DAY_MS = 24 * 3600 * 1000;

/** 403 for a signed-in user who may not see releases. */
export const RELEASE_READERS_ONLY = 'Admin, SuperAdmin or system user required';
/** 403 for an Admin (or anyone else) asking to change a release. */
export const RELEASE_CHANGERS_ONLY = 'Only a SuperAdmin or a system user can change a release';

/**
 * The releases console (issue 43): Admins, SuperAdmins and verified system users read what is live
 * and its history; only SuperAdmins and system users change it, each change behind a fresh proof
 * and with a reason, through the release tool's own functions (its lock, its gate, its history).
 * An Admin's stolen token reads, never moves a release.
 */
const releasesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const store = releaseStoreOf(app.config);
  const isSystemUser = (user: UserRow) => app.config.systemUserEmails.includes(user.email.toLowerCase());
  const mayChange = (user: UserRow) => user.roles.includes('SuperAdmin') || isSystemUser(user);

  const readersOnly = async (request: FastifyRequest) => {
    const { user } = authOf(request);
    if (!user.verified) throw apiError(403, 'email_not_confirmed');
    if (!isAdmin(user.roles) && !isSystemUser(user)) throw forbidden(RELEASE_READERS_ONLY);
  };
  // The role first (an Admin is told it can never do this), then the proof of this session.
  const changersOnly = async (request: FastifyRequest) => {
    const auth = authOf(request);
    if (!auth.user.verified) throw apiError(403, 'email_not_confirmed');
    if (!mayChange(auth.user)) throw forbidden(RELEASE_CHANGERS_ONLY);
    await assertFreshProof(app, auth);
  };
  const who = (request: FastifyRequest) => authOf(request).user.email;

  route(app, releases.getReleases, {
    preHandler: readersOnly,
    handler: async (request) => readOverview(store, mayChange(authOf(request).user)),
  });

  route(app, releases.listReleaseHistory, {
    preHandler: readersOnly,
    handler: async (request) => readHistoryPage(store, request.query),
  });

  route(app, releases.getReleaseHealth, {
    preHandler: readersOnly,
    handler: async (request) => {
      const name = knownApp(request.params.app);
      const now = app.now();
      const since = request.query.since ? new Date(request.query.since) : new Date(now.getTime() - DAY_MS);
      const { registry } = await store.readPointer();
      // Reads counters of one app: on the admin lane, under its statement timeout.
      const { span, windows } = await app.adminReads.run(authOf(request).user.id, (db) =>
        summarizeOverTime(db, since, now, name),
      );
      const live = registry.apps[name];
      return {
        app: name,
        since: since.toISOString(),
        until: now.toISOString(),
        span,
        stable: live?.stable?.version ?? null,
        canary: live?.canary?.version ?? null,
        windows,
      };
    },
  });

  route(app, releases.promoteCanary, {
    preHandler: changersOnly,
    handler: async (request) => {
      const name = knownApp(request.params.app);
      const { reason } = request.body;
      return runReleaseChange(() => promote(store, name, { reason, who: who(request) }), name);
    },
  });

  route(app, releases.rollBackRelease, {
    preHandler: changersOnly,
    handler: async (request) => {
      const name = knownApp(request.params.app);
      const { reason, version } = request.body;
      return runReleaseChange(() => rollback(store, name, version, { reason, who: who(request) }), name);
    },
  });

  route(app, releases.abortCanary, {
    preHandler: changersOnly,
    handler: async (request) => {
      const name = knownApp(request.params.app);
      return runReleaseChange(() => abortCanary(store, name, request.body.reason, { who: who(request) }), name);
    },
  });

  route(app, releases.setCanaryShare, {
    preHandler: changersOnly,
    handler: async (request) => {
      const name = knownApp(request.params.app);
      const { reason, share } = request.body;
      return runReleaseChange(() => changeCanaryShare(store, name, { canary: share, reason, who: who(request) }), name);
    },
  });
};

export default releasesRoutes;
