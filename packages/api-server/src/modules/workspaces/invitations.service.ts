import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type {
  InvitationPreview,
  InviteMemberBody,
  Workspace,
  WorkspaceInvitation,
  WorkspaceInvitationListQuery,
  WorkspaceInvitationPage,
} from '@kloof/api-contract';
import type { Db } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import { hmac, randomToken } from '../../lib/crypto';
import { apiError, notFound } from '../../lib/http-error';
import type { MailMessage } from '../../plugins/mail';
import { invitationMail } from './invitation-mail';
import * as newestFirst from '../common/newest-first';
import { assertCan } from './membership';
import { get as getWorkspace } from './workspaces.service';

const iso = (d: Date | string) => new Date(d).toISOString();
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Only the HMAC of a token is stored (as one-time codes): a copy of the database opens no invitation. */
const tokenHash = (app: FastifyInstance, token: string) => hmac(app.hashKey, `invitation:${token}`);

function pendingQuery(db: Db, workspaceId: string) {
  return db
    .selectFrom('workspace_invitations as i')
    .select(['i.id', 'i.email', 'i.role', 'i.created_at', 'i.expires_at'])
    .select(newestFirst.exactTime('i.created_at').as('sort_key'))
    .where('i.workspace_id', '=', workspaceId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null);
}

type PendingRow = Awaited<ReturnType<ReturnType<typeof pendingQuery>['executeTakeFirstOrThrow']>>;

const toInvitation = (r: PendingRow): WorkspaceInvitation => ({
  id: r.id,
  email: r.email,
  role: r.role,
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
});

/** The pending invitations (expired ones too, until withdrawn or sent again), newest first: owners only. */
export async function listInvitations(
  app: FastifyInstance,
  user: UserRow,
  workspaceId: string,
  query: WorkspaceInvitationListQuery,
): Promise<WorkspaceInvitationPage> {
  await assertCan(app, user, workspaceId, 'manage');
  return newestFirst.listPage(
    `invitations:${workspaceId}`,
    query,
    {},
    (page) => newestFirst.rowsOf(pendingQuery(app.db, workspaceId), page, 'i'),
    toInvitation,
  );
}

/**
 * An owner invites an address with a role. Inviting an address again (a pending invitation)
 * changes its role, restarts its expiry and mails a new link, the old one dead; at most
 * RATE_LIMIT_INVITE times per workspace, address and window. The mail's token is made by the
 * mail worker, so no token ever sits in the queue.
 */
export async function invite(
  app: FastifyInstance,
  user: UserRow,
  workspaceId: string,
  input: InviteMemberBody,
): Promise<WorkspaceInvitation> {
  await assertCan(app, user, workspaceId, 'manage');
  const email = normalizeEmail(input.email);
  const member = await app.db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.workspace_id', '=', workspaceId)
    .where('u.email', '=', email)
    .executeTakeFirst();
  if (member) throw apiError(409, 'already_member');
  await app.limiter.consume(`invite:${workspaceId}:${email}`, app.config.rateLimits.invite);
  const now = app.now();
  const expiresAt = new Date(now.getTime() + app.config.invitationTtl * 1000);
  const fresh = { role: input.role, token_hash: null, mail_pending: true, expires_at: expiresAt, invited_by: user.id };
  const row = await app.db
    .insertInto('workspace_invitations')
    .values({ id: randomUUID(), workspace_id: workspaceId, email, created_at: now, ...fresh })
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'email'])
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .doUpdateSet({ ...fresh, created_at: now }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.mailQueue.enqueue('invitation', email);
  return toInvitation(await pendingQuery(app.db, workspaceId).where('i.id', '=', row.id).executeTakeFirstOrThrow());
}

/** An owner withdraws a pending invitation: its link stops working at once. */
export async function revokeInvitation(
  app: FastifyInstance,
  user: UserRow,
  workspaceId: string,
  invitationId: string,
): Promise<void> {
  await assertCan(app, user, workspaceId, 'manage');
  const revoked = await app.db
    .updateTable('workspace_invitations')
    .set({ revoked_at: app.now() })
    .where('id', '=', invitationId)
    .where('workspace_id', '=', workspaceId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!revoked.numUpdatedRows) throw notFound('Invitation not found');
}

/** The open invitation a token stands for, or 404 (`invitation_invalid`): unknown, expired, withdrawn or used alike. */
async function openInvitation(app: FastifyInstance, token: string) {
  const row = await app.db
    .selectFrom('workspace_invitations as i')
    .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
    .leftJoin('users as by', 'by.id', 'i.invited_by')
    .select(['i.id', 'i.workspace_id', 'i.email', 'i.role', 'i.expires_at', 'w.name', 'by.username as invited_by'])
    .where('i.token_hash', '=', tokenHash(app, token))
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', app.now())
    .executeTakeFirst();
  if (!row) throw apiError(404, 'invitation_invalid');
  return row;
}

/**
 * Accepting needs the signed-in user's address to be the invited one (the route takes verified
 * users only, so the address is proven): a forwarded link is no way into a workspace.
 */
function assertAddressed(user: UserRow, invitation: { email: string }) {
  if (normalizeEmail(user.email) !== invitation.email) throw apiError(403, 'invitation_other_address');
}

export async function previewInvitation(
  app: FastifyInstance,
  user: UserRow,
  token: string,
): Promise<InvitationPreview> {
  const invitation = await openInvitation(app, token);
  assertAddressed(user, invitation);
  return {
    workspaceName: invitation.name,
    role: invitation.role,
    email: invitation.email,
    invitedBy: invitation.invited_by ?? '',
    expiresAt: iso(invitation.expires_at),
  };
}

/**
 * Uses the token once: the invitation is marked accepted only while still open (a second accept
 * of the same token, at the same moment or later, finds it used), and the membership is added in
 * the same transaction. A member already keeps the role they have.
 */
export async function acceptInvitation(app: FastifyInstance, user: UserRow, token: string): Promise<Workspace> {
  assertAddressed(user, await openInvitation(app, token));
  const now = app.now();
  const workspaceId = await app.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('workspace_invitations')
      .set({ accepted_at: now, accepted_by: user.id })
      .where('token_hash', '=', tokenHash(app, token))
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['workspace_id', 'role', 'invited_by'])
      .executeTakeFirst();
    if (!used) throw apiError(404, 'invitation_invalid');
    await trx
      .insertInto('workspace_members')
      .values({
        workspace_id: used.workspace_id,
        user_id: user.id,
        role: used.role,
        added_at: now,
        added_by: used.invited_by,
      })
      .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
      .execute();
    return used.workspace_id;
  });
  return getWorkspace(app, user, workspaceId);
}

/**
 * The mail of the oldest invitation to `to` still waiting for one: its token is made here, only
 * its HMAC stored, and the link carries it after '#' (browsers never send that part, so no
 * access log keeps it). Null when nothing waits (withdrawn, or sent by an earlier job).
 */
export async function composeInvitationMail(app: FastifyInstance, to: string): Promise<MailMessage | null> {
  const token = randomToken();
  const invitation = await app.db
    .updateTable('workspace_invitations')
    .set({ mail_pending: false, token_hash: tokenHash(app, token) })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('workspace_invitations')
        .select('id')
        .where('email', '=', to)
        .where('mail_pending', '=', true)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .orderBy('created_at')
        .limit(1),
    )
    .where('mail_pending', '=', true)
    .returning(['workspace_id', 'role', 'invited_by', 'expires_at'])
    .executeTakeFirst();
  if (!invitation) return null;
  const about = await app.db
    .selectFrom('workspaces as w')
    .leftJoin('users as by', (join) => join.on('by.id', '=', invitation.invited_by))
    .select(['w.name', 'by.username'])
    .where('w.id', '=', invitation.workspace_id)
    .executeTakeFirst();
  if (!about) return null;
  return invitationMail(to, {
    workspace: about.name,
    invitedBy: about.username ?? '',
    role: invitation.role,
    link: `${app.config.appUrl}/invitations#${token}`,
    expiresAt: new Date(invitation.expires_at),
  });
}
