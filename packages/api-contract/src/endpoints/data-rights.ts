import { defineEndpoints } from './define';

const signedIn = { access: 'user', tags: ['current user'] } as const;
const admins = { access: 'admin', tags: ['admin'] } as const;

/** The user's data is theirs (POPIA s23, s24): change the address, take everything, delete the account. */
export const dataRights = defineEndpoints({
  requestEmailChange: {
    ...signedIn,
    method: 'POST',
    path: '/current-user/email',
    summary:
      'Change my e-mail address (needs a fresh proof): a one-use link goes to the new address, a notice to the current one',
    body: 'EmailChangeBody',
    response: { 200: 'EmailChangeRequested' },
    errors: [400, 401, 403, 429],
  },
  confirmEmailChange: {
    access: 'public',
    tags: ['auth'],
    method: 'POST',
    path: '/auth/email-change/confirm',
    summary: 'Follow the link mailed to the new address: the account takes that address (once, before it expires)',
    body: 'EmailChangeConfirmBody',
    response: { 200: 'EmailChanged' },
    errors: [400, 429],
  },
  exportMyData: {
    ...signedIn,
    method: 'GET',
    path: '/current-user/export',
    summary: 'Everything my account holds, as a JSON or a readable HTML download (needs a fresh proof)',
    querystring: 'ExportQuery',
    response: { 200: 'AccountExport' },
    errors: [400, 401, 403, 429],
  },
  getDeletionPolicy: {
    ...signedIn,
    method: 'GET',
    path: '/current-user/deletion',
    summary: 'How many days a deleted account is kept before its data is erased (DELETION_GRACE_DAYS)',
    response: { 200: 'DeletionPolicy' },
    errors: [401],
  },
  requestDeletion: {
    ...signedIn,
    method: 'POST',
    path: '/current-user/deletion',
    summary:
      'Delete my account after the grace period (needs a fresh proof and my e-mail typed again); signs out everywhere, a sign-in cancels it',
    body: 'DeletionBody',
    response: { 200: 'DeletionScheduled' },
    errors: [400, 401, 403, 429],
  },
  listPendingDeletions: {
    ...admins,
    method: 'GET',
    path: '/deletions',
    summary: 'Accounts marked for deletion, soonest erasure first',
    querystring: 'PendingDeletionQuery',
    response: { 200: 'PendingDeletionPage' },
    errors: [400, 401, 403],
  },
  cancelDeletion: {
    ...admins,
    method: 'DELETE',
    path: '/deletions/:id',
    summary: "Cancel an account's pending deletion (the user is mailed)",
    params: 'IdParams',
    response: { 204: 'NoContent' },
    errors: [400, 401, 403, 404],
  },
});
