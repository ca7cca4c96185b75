// Writes the README's environment table from the one declaration (src/settings.js).
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { buildSettings } from '../src/settings.js';

/** @type {typeof import('@kloof/settings')} */
const { writeReadmeTable } = await tsImport('@kloof/settings', import.meta.url);

const readme = path.join(import.meta.dirname, '..', 'README.md');
writeReadmeTable(readme, buildSettings);
console.log(`${path.relative(process.cwd(), readme)}: environment table written`);
