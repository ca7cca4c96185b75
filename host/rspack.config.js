// @ts-check
import { createAppConfig, host } from '@kloof/federation';

export default createAppConfig({ app: host, dir: import.meta.dirname, server: true });
