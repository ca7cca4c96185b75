// The projects module's part of the contract.
export { CreateProjectBody, Project, ProjectListQuery, ProjectStatus, UpdateProjectBody } from '@kloof/api-contract';
