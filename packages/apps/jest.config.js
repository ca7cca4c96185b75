import { jestProject } from '@kloof/test-kit/jest';

export default jestProject({ dir: import.meta.dirname, name: 'apps', environment: 'node', emotion: false });
