import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  errorMessage,
  workspaceMembersApi,
  workspacesApi,
  type WorkspaceInvitation,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@kloof/api-client';
import { useAuth } from '@kloof/auth';
import {
  Badge,
  Button,
  ConfirmDialog,
  formatDate,
  PageHeader,
  ResourceState,
  SelectField,
  toast,
  useResource,
} from '@kloof/ui';
import { LoadMore, usePagedList } from '@kloof/ui/lists';
import { ItemList, ItemMeta, ItemRow } from '../../common/components/ItemRow';
import { roleName, roleOptions } from '../roles';
import { InviteForm } from './InviteForm';

type Member = WorkspaceMember & { id: string };

/** What waits for the user's confirmation: removing a member, leaving, or withdrawing an invitation. */
type Pending =
  { kind: 'remove'; member: Member } | { kind: 'leave' } | { kind: 'revoke'; invitation: WorkspaceInvitation };

/**
 * A workspace's members with their roles. Owners invite by e-mail with a role, change roles,
 * remove members and withdraw invitations; every member may leave. The API decides (the last
 * owner stays, a viewer changes nothing); its refusal is shown in its words.
 */
export function MembersScreen({ workspaceId }: { workspaceId: string }) {
  const navigate = useNavigate();
  const me = useAuth().user?.id;
  const workspace = useResource(() => workspacesApi.get(workspaceId), [workspaceId]);
  const owner = workspace.data?.role === 'owner';
  const members = usePagedList(
    async (after) => {
      const page = await workspaceMembersApi.list(workspaceId, after);
      return { items: page.items.map((m) => ({ ...m, id: m.userId })), next: page.next };
    },
    [workspaceId],
  );
  const invitations = usePagedList(
    async (after) => (owner ? workspaceMembersApi.invitations(workspaceId, after) : { items: [], next: null }),
    [workspaceId, owner],
  );
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);

  const changeRole = async (member: Member, role: WorkspaceRole) => {
    try {
      const changed = await workspaceMembersApi.changeRole(workspaceId, member.userId, role);
      members.replace({ ...changed, id: changed.userId });
      toast.success(`${changed.username || changed.email} is now ${roleName[role].toLowerCase()}.`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  const close = () => {
    setPending(null);
    setError(null);
  };
  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'revoke') {
        await workspaceMembersApi.revoke(workspaceId, pending.invitation.id);
        invitations.remove(pending.invitation.id);
        toast.success(`Invitation to ${pending.invitation.email} withdrawn.`);
      } else if (pending.kind === 'remove') {
        await workspaceMembersApi.remove(workspaceId, pending.member.userId);
        members.remove(pending.member.id);
        toast.success(`${pending.member.username || pending.member.email} removed.`);
      } else if (me) {
        await workspaceMembersApi.remove(workspaceId, me);
        toast.success(`You left “${workspace.data?.name ?? 'the workspace'}”.`);
        navigate('/workspaces');
        return;
      }
      close();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section>
      <PageHeader
        title={workspace.data ? `Members of ${workspace.data.name}` : 'Members'}
        description="Who works in this workspace, and what each may do."
        actions={
          <Button variant="secondary" onClick={() => setPending({ kind: 'leave' })}>
            Leave workspace
          </Button>
        }
      />
      <ResourceState resource={members.resource} what="the members" errorText={errorMessage}>
        {(items) => (
          <>
            <ItemList label="Members">
              {items.map((member) => (
                <ItemRow
                  key={member.id}
                  actions={
                    owner && member.userId !== me ? (
                      <div css={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-end', flexWrap: 'wrap' }}>
                        <SelectField
                          label={`Role of ${member.username || member.email}`}
                          options={roleOptions}
                          value={member.role}
                          onChange={(event) => void changeRole(member, event.target.value as WorkspaceRole)}
                        />
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setPending({ kind: 'remove', member })}
                          aria-label={`Remove ${member.username || member.email}`}
                        >
                          Remove
                        </Button>
                      </div>
                    ) : null
                  }
                >
                  <strong css={{ overflowWrap: 'anywhere' }}>{member.username || member.email}</strong>
                  <ItemMeta>
                    <span css={{ overflowWrap: 'anywhere' }}>{member.email}</span>
                    <Badge>{roleName[member.role]}</Badge>
                    <span>Since {formatDate(member.addedAt)}</span>
                    {member.userId === me ? <span>(you)</span> : null}
                  </ItemMeta>
                </ItemRow>
              ))}
            </ItemList>
            <LoadMore
              shown={items.length}
              noun={{ one: 'member', many: 'members' }}
              more={members.more}
              errorText={errorMessage}
            />
          </>
        )}
      </ResourceState>
      {owner ? (
        <>
          <h2 css={{ fontSize: '1.125rem', margin: '2rem 0 0.75rem' }}>Invite a member</h2>
          <InviteForm
            workspaceId={workspaceId}
            onInvited={(invitation) => {
              invitations.remove(invitation.id);
              invitations.prepend(invitation);
              toast.success(`Invitation sent to ${invitation.email}.`);
            }}
          />
          <h2 css={{ fontSize: '1.125rem', margin: '2rem 0 0.75rem' }}>Pending invitations</h2>
          <ResourceState
            resource={invitations.resource}
            what="the invitations"
            errorText={errorMessage}
            empty={<p>No invitations are waiting.</p>}
          >
            {(items) => (
              <ItemList label="Pending invitations">
                {items.map((invitation) => (
                  <ItemRow
                    key={invitation.id}
                    actions={
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setPending({ kind: 'revoke', invitation })}
                        aria-label={`Withdraw the invitation to ${invitation.email}`}
                      >
                        Withdraw
                      </Button>
                    }
                  >
                    <strong css={{ overflowWrap: 'anywhere' }}>{invitation.email}</strong>
                    <ItemMeta>
                      <Badge>{roleName[invitation.role]}</Badge>
                      <span>Link valid until {formatDate(invitation.expiresAt)}</span>
                    </ItemMeta>
                  </ItemRow>
                ))}
              </ItemList>
            )}
          </ResourceState>
        </>
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={
            pending.kind === 'leave'
              ? 'Leave this workspace?'
              : pending.kind === 'remove'
                ? 'Remove this member?'
                : 'Withdraw this invitation?'
          }
          confirmLabel={
            pending.kind === 'leave'
              ? 'Leave workspace'
              : pending.kind === 'remove'
                ? 'Remove member'
                : 'Withdraw invitation'
          }
          onConfirm={confirm}
          onCancel={close}
          error={error}
        >
          <p css={{ margin: 0 }}>
            {pending.kind === 'leave'
              ? 'You will no longer see its projects and links. An owner can invite you again.'
              : pending.kind === 'remove'
                ? `${pending.member.username || pending.member.email} will no longer see this workspace's projects and links.`
                : `The link sent to ${pending.invitation.email} will stop working.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
