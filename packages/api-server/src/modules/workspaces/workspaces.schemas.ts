// The workspaces module's part of the contract.
export { CreateWorkspaceBody, UpdateWorkspaceBody, Workspace } from '@kloof/api-contract';
