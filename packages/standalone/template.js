// @ts-check
import { fileURLToPath } from 'node:url';

/** The harness page a remote's build serves when it runs on its own (its HTML template). */
export const standaloneTemplate = fileURLToPath(new URL('./index.html', import.meta.url));
