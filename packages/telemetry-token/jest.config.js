import { jestProject } from '@kloof/test-kit/jest';

export default jestProject({ dir: import.meta.dirname, name: 'telemetry-token', environment: 'node', emotion: false });
