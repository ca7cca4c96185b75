import { useParams } from 'react-router-dom';
import { MembersScreen } from '../features/members/components/MembersScreen';

/** /workspaces/:workspaceId/members */
export default function WorkspaceMembers() {
  const { workspaceId = '' } = useParams();
  return <MembersScreen workspaceId={workspaceId} />;
}
