// Writes the README's environment table from the one declaration (src/settings.ts).
import path from 'node:path';
import { writeReadmeTable } from '@kloof/settings';
import { benchSettings } from '../src/settings';

const readme = path.join(import.meta.dirname, '..', 'README.md');
writeReadmeTable(readme, benchSettings);
console.log(`${path.relative(process.cwd(), readme)}: environment table written`);
