import { jestProject } from '@kloof/test-kit/jest';

export default jestProject({ dir: import.meta.dirname, name: 'process-runner', environment: 'node', emotion: false });
