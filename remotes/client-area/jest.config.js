import { jestProject } from '@kloof/test-kit/jest';

export default jestProject({
  dir: import.meta.dirname,
  name: 'remote-client-area',
  environment: 'jsdom',
  emotion: true,
});
