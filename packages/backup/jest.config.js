import { jestProject } from '@kloof/test-kit/jest';

export default jestProject({ dir: import.meta.dirname, name: 'backup', environment: 'node', emotion: false });
