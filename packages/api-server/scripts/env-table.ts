// Writes the README's environment table from the one declaration (src/config/declaration.ts).
import fs from 'node:fs';
import path from 'node:path';
import { apiSettings } from '../src/config/declaration';
import { withTable } from '../src/config/readme-table';
import { markdownTable } from '../src/config/settings';

const readme = path.join(import.meta.dirname, '..', 'README.md');
fs.writeFileSync(readme, withTable(fs.readFileSync(readme, 'utf8'), markdownTable(apiSettings)));
console.log(`${path.relative(process.cwd(), readme)}: environment table written`);
