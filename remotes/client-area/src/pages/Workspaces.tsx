import { WorkspacesScreen } from '../features/workspaces/components/WorkspacesScreen';

/** /workspaces */
export default function Workspaces() {
  return <WorkspacesScreen />;
}
