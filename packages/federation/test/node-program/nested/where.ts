import fs from 'node:fs';
import path from 'node:path';

/** The folder this file lies in, and a file beside it read at run time (as the API reads its package.json). */
export const folder: string = import.meta.dirname;
export const neighbour: string = fs.readFileSync(path.join(import.meta.dirname, 'neighbour.txt'), 'utf8').trim();
