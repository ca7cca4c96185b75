import type { FastifyInstance } from 'fastify';
import { billingFor } from '../billing/billing.service';

/** Rows read per query while walking a workspace's projects and links: memory stays flat whatever the count. */
export const EXPORT_PAGE_ROWS = 500;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface ExportedWorkspace {
  workspace: Record<string, unknown>;
  /** Walks the workspace's projects, then its links, a page at a time. */
  projects: () => AsyncIterable<Record<string, unknown>[]>;
  links: () => AsyncIterable<Record<string, unknown>[]>;
}

/** Everything but the workspaces, small by nature; nothing secret (hashes, keys, codes, tokens are left out). */
export async function accountSummary(app: FastifyInstance, userId: string) {
  const db = app.db;
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const [devices, knownBrowsers, totp, recoveryLeft, passkeys, billing, mails, pendingChange, deletion] =
    await Promise.all([
      db
        .selectFrom('session_families')
        .select(['browser', 'os', 'ip', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('last_used_at', 'desc')
        .execute(),
      db.selectFrom('known_devices').select(['created_at', 'last_seen_at']).where('user_id', '=', userId).execute(),
      db.selectFrom('user_totp').select(['enabled_at', 'created_at']).where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('totp_recovery_codes')
        .select((eb) => eb.fn.countAll<string | number>().as('left'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('passkeys')
        .select(['name', 'backed_up', 'transports', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      billingFor(app, userId),
      // Subjects and dates only: a mail's text can carry a code or a link that still works.
      db
        .selectFrom('mail_jobs')
        .select(['kind', 'status', 'created_at', 'finished_at'])
        .where('to_address', '=', user.email)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('email_changes')
        .select(['new_email', 'expires_at'])
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst(),
      db
        .selectFrom('account_deletions')
        .select(['requested_at', 'erase_after'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ]);
  return {
    profile: {
      id: user.id,
      email: user.email,
      username: user.username,
      fullName: user.full_name,
      company: user.company,
      phone: user.phone,
      signupMessage: user.signup_message,
      roles: user.roles,
      verified: user.verified,
      createdAt: iso(user.created_at),
      updatedAt: iso(user.updated_at),
      pendingEmailChange: pendingChange ? { to: pendingChange.new_email, until: iso(pendingChange.expires_at) } : null,
      pendingDeletion: deletion
        ? { requestedAt: iso(deletion.requested_at), eraseAfter: iso(deletion.erase_after) }
        : null,
    },
    settings: { theme: user.settings?.theme ?? 'system', newsletter: user.settings?.newsletter ?? false },
    devices: [
      ...devices.map((d) => ({
        kind: 'session',
        browser: d.browser,
        os: d.os,
        ip: d.ip,
        signedInAt: iso(d.created_at),
        lastUsedAt: iso(d.last_used_at),
      })),
      ...knownBrowsers.map((k) => ({
        kind: 'known browser',
        firstSeenAt: iso(k.created_at),
        lastSeenAt: iso(k.last_seen_at),
      })),
    ],
    secondFactor: {
      authenticatorApp: totp?.enabled_at ? { enabledAt: iso(totp.enabled_at) } : null,
      recoveryCodesLeft: Number(recoveryLeft.left),
    },
    passkeys: passkeys.map((p) => ({
      name: p.name,
      synced: p.backed_up,
      transports: JSON.parse(p.transports) as unknown,
      createdAt: iso(p.created_at),
      lastUsedAt: iso(p.last_used_at),
    })),
    billing,
    mails: mails.map((m) => ({
      kind: m.kind,
      status: m.status,
      queuedAt: iso(m.created_at),
      doneAt: iso(m.finished_at),
    })),
  };
}

export type AccountSummary = Awaited<ReturnType<typeof accountSummary>>;

/** Reads page after page, each after the last row of the one before, until a page comes back short. */
async function* pages<Row, Item>(read: (last: Row | undefined) => Promise<Row[]>, toItem: (row: Row) => Item) {
  let last: Row | undefined;
  for (;;) {
    const rows = await read(last);
    if (rows.length) yield rows.map(toItem);
    if (rows.length < EXPORT_PAGE_ROWS) return;
    last = rows[rows.length - 1];
  }
}

/**
 * Every workspace the account is a member of, with its role, one at a time (workspace_members_user_idx
 * order), each with all its projects and links paged by id: what the member sees in the app.
 */
export async function* accountWorkspaces(app: FastifyInstance, userId: string): AsyncIterable<ExportedWorkspace> {
  const db = app.db;
  const workspaces = pages(
    (last: { workspace_created_at: Date; id: string } | undefined) => {
      let q = db
        .selectFrom('workspace_members as m')
        .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
        .select(['w.id', 'w.name', 'w.description', 'w.created_at', 'w.updated_at', 'm.role', 'm.workspace_created_at'])
        .where('m.user_id', '=', userId);
      if (last)
        q = q.where((eb) =>
          eb.or([
            eb('m.workspace_created_at', '<', last.workspace_created_at),
            eb.and([eb('m.workspace_created_at', '=', last.workspace_created_at), eb('m.workspace_id', '<', last.id)]),
          ]),
        );
      return q
        .orderBy('m.workspace_created_at', 'desc')
        .orderBy('m.workspace_id', 'desc')
        .limit(EXPORT_PAGE_ROWS)
        .execute();
    },
    (w) => w,
  );
  for await (const page of workspaces)
    for (const w of page) {
      yield {
        workspace: {
          id: w.id,
          name: w.name,
          description: w.description,
          role: w.role,
          createdAt: iso(w.created_at),
          updatedAt: iso(w.updated_at),
        },
        projects: () =>
          pages(
            (last: { id: string } | undefined) => {
              let q = db.selectFrom('projects').selectAll().where('workspace_id', '=', w.id);
              if (last) q = q.where('id', '>', last.id);
              return q.orderBy('id').limit(EXPORT_PAGE_ROWS).execute();
            },
            (p) => ({
              id: p.id,
              name: p.name,
              description: p.description,
              status: p.status,
              createdAt: iso(p.created_at),
              updatedAt: iso(p.updated_at),
            }),
          ),
        links: () =>
          pages(
            (last: { id: string } | undefined) => {
              let q = db.selectFrom('links').selectAll().where('workspace_id', '=', w.id);
              if (last) q = q.where('id', '>', last.id);
              return q.orderBy('id').limit(EXPORT_PAGE_ROWS).execute();
            },
            (l) => ({ id: l.id, title: l.title, url: l.url, projectId: l.project_id, createdAt: iso(l.created_at) }),
          ),
      };
    }
}

/** The account's activity log, newest first, a page at a time (activity_events_user_at_idx); no device hash. */
export function accountActivity(app: FastifyInstance, userId: string): AsyncIterable<Record<string, unknown>[]> {
  return pages(
    (last: { at: Date; id: string } | undefined) => {
      let q = app.db
        .selectFrom('activity_events')
        .select(['id', 'kind', 'at', 'browser', 'os', 'address', 'network', 'place', 'details'])
        .where('user_id', '=', userId);
      if (last)
        q = q.where((eb) => eb.or([eb('at', '<', last.at), eb.and([eb('at', '=', last.at), eb('id', '<', last.id)])]));
      return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(EXPORT_PAGE_ROWS).execute();
    },
    (e) => ({
      kind: e.kind,
      at: iso(e.at),
      browser: e.browser,
      os: e.os,
      address: e.address,
      network: e.network,
      place: e.place,
      details: e.details,
    }),
  );
}
