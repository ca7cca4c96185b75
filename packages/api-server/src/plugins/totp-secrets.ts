import fp from 'fastify-plugin';
import { createSecretBox } from '../lib/secret-box';
import { sealPlainTotpSecrets } from '../modules/second-factor/seal-secrets';
import { checkKeyFingerprint, totpKeyMaterial } from '../startup/totp-key';

/**
 * The box that seals authenticator-app keys at rest (AES-256-GCM, key from outside the database).
 * At start: the key must be the one the stored keys were sealed with, and plain rows get sealed.
 */
export default fp(
  async (app) => {
    const box = createSecretBox(totpKeyMaterial(app.config), 'totp-secret');
    await checkKeyFingerprint(app.db, box, app.now());
    const sealed = await sealPlainTotpSecrets(app.db, box);
    if (sealed) app.log.info({ sealed }, 'authenticator-app keys sealed');
    app.decorate('totpSecrets', box);
  },
  { name: 'totp-secrets', dependencies: ['db'] },
);
