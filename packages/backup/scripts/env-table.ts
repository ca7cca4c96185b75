// Writes the README's environment table from the one declaration (src/settings.ts).
import path from 'node:path';
import { writeReadmeTable } from '@kloof/settings';
import { backupSettings } from '../src/settings';

const readme = path.join(import.meta.dirname, '..', 'README.md');
writeReadmeTable(readme, backupSettings);
console.log(`${path.relative(process.cwd(), readme)}: environment table written`);
