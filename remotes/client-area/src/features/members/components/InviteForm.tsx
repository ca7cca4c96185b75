import { explainApiError, workspaceMembersApi, type WorkspaceInvitation, type WorkspaceRole } from '@kloof/api-client';
import { EmailField, Form, SelectField, useForm } from '@kloof/ui';
import { requiredText } from '../../common/rules';
import { roleOptions } from '../roles';

interface Props {
  workspaceId: string;
  onInvited: (invitation: WorkspaceInvitation) => void;
}

/** Invite by e-mail with a role: the invitee gets a mail with a link to accept. */
export function InviteForm({ workspaceId, onInvited }: Props) {
  const form = useForm({
    initial: { email: '', role: 'editor' as string },
    validate: (values) => ({ email: requiredText(values.email, 'Enter the e-mail address to invite.') }),
    explain: explainApiError,
    submit: async (values) => {
      const invitation = await workspaceMembersApi.invite(workspaceId, {
        email: values.email.trim(),
        role: values.role as WorkspaceRole,
      });
      onInvited(invitation);
      form.reset();
    },
  });
  return (
    <Form form={form} aria-label="Invite a member" submit={{ label: 'Send invitation', sending: 'Sending invitation' }}>
      <EmailField {...form.field('email')} />
      <SelectField label="Role" options={roleOptions} {...form.field('role')} />
    </Form>
  );
}
