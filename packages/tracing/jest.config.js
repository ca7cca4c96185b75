import { jestProject } from '@kloof/test-kit/jest';

export default jestProject({ dir: import.meta.dirname, name: 'tracing', environment: 'node', emotion: false });
