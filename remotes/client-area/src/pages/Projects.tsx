import { ProjectsScreen } from '../features/projects/components/ProjectsScreen';

/** /projects */
export default function Projects() {
  return <ProjectsScreen />;
}
