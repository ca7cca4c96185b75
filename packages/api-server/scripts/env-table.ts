// Writes the README's environment table from the one declaration (src/config/declaration.ts).
import path from 'node:path';
import { writeReadmeTable } from '@kloof/settings';
import { apiSettings } from '../src/config/declaration';

const readme = path.join(import.meta.dirname, '..', 'README.md');
writeReadmeTable(readme, apiSettings);
console.log(`${path.relative(process.cwd(), readme)}: environment table written`);
