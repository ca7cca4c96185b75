import { jestProject } from '@kloof/test-kit/jest';

export default jestProject({ dir: import.meta.dirname, name: 'remote-marketing', environment: 'jsdom', emotion: true });
