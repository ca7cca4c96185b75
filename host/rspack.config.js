// @ts-check
import { host } from '@kloof/apps/apps';
import { createAppConfig } from '@kloof/federation';

export default createAppConfig({ app: host, dir: import.meta.dirname, server: true });
