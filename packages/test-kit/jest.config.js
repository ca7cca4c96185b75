import { jestProject } from './jest/preset.js';

export default jestProject({ dir: import.meta.dirname, name: 'test-kit', environment: 'node' });
