import type { Static } from '@sinclair/typebox';
import { envReader } from '@kloof/settings';
import { apiSettings } from './declaration';

export { EnvError } from '@kloof/settings';

// A password may start or end with a space: ADMIN_PASSWORD is read as given.
const reader = envReader(apiSettings, { keptAsGiven: ['ADMIN_PASSWORD'] });

/** The flat schema of the API's environment, from the one declaration. */
export const ApiEnv = reader.schema;
export type ApiEnv = Static<typeof ApiEnv>;

/** Reads the API's environment against the declaration (see envReader). */
export const readEnv = reader.read;
