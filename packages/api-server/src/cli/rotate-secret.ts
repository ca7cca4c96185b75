import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { restrictNewFiles } from '../lib/private-files';
import { rotateStoredSecret } from '../startup/signing-secret';

/**
 * Replaces the signing secret kept in the database and signs everybody out (README: "Signing
 * secret"). PGlite: run it while the API is stopped (it takes the data folder's lock). PostgreSQL:
 * restart every API instance afterwards, since each reads the secret once at start.
 */
restrictNewFiles();
const config = loadConfig(process.env);
try {
  const handle = await openDatabase(config);
  try {
    const rotation = await rotateStoredSecret(handle.db, config.jwtSecret, new Date());
    if (rotation.replaced) {
      console.log(`Signing secret replaced; ${rotation.sessionsSignedOut} sessions signed out.`);
      console.log('Restart every API instance now: each reads the secret once, at start.');
    } else {
      console.log('JWT_SECRET is set, so the secret in use is that variable: change it on every instance and restart.');
      console.log('The unused secret stored in the database was deleted.');
    }
  } finally {
    await handle.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
