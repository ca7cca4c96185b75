import type { WorkspaceRoleName } from '../../db/schema';
import type { MailMessage } from '../../plugins/mail';

interface Invitation {
  workspace: string;
  invitedBy: string;
  role: WorkspaceRoleName;
  link: string;
  expiresAt: Date;
}

const WHAT_A_ROLE_MAY: Record<Invitation['role'], string> = {
  owner: 'manage it and its members',
  editor: 'add and change its projects and links',
  viewer: 'see its projects and links',
};

/** The invitation to a workspace: who invites, to what, as what, and until when. */
export function invitationMail(to: string, invitation: Invitation): MailMessage {
  const until = invitation.expiresAt.toISOString().replace('T', ' ').slice(0, 16);
  const who = invitation.invitedBy || 'A Kloof Digital client';
  return {
    to,
    subject: `${who} invited you to the workspace “${invitation.workspace}”`,
    text:
      `${who} invited you to join the workspace “${invitation.workspace}” on Kloof Digital as ${invitation.role}: ` +
      `you will be able to ${WHAT_A_ROLE_MAY[invitation.role]}.\n\n` +
      `Accept the invitation here (sign up or sign in with this e-mail address first): ${invitation.link}\n\n` +
      `The link works once, until ${until} UTC. If you do not know the sender, you can ignore this e-mail.`,
  };
}
