import { jestProject } from '@kloof/test-kit/jest';

export default jestProject({ dir: import.meta.dirname, name: 'proxy-trust', environment: 'node', emotion: false });
