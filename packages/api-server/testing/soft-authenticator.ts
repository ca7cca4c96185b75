import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyRegistration,
  PasskeyRequestOptions,
} from '@kloof/api-contract';

// A WebAuthn authenticator in software for the API tests: it makes real P-256 keys, answers with
// real "none" attestations and ECDSA signatures over the real client data, as a phone or a
// security key would (https://w3c.github.io/webauthn/#sctn-authenticator-data). The browser's part
// (the origin in the client data) is the caller's to choose, so tests can also play a phishing site.

const FLAG = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 };

interface Credential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64url');
const uint32 = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

/** The COSE form of a P-256 public key (kty EC2, alg ES256, crv P-256, x, y). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
}

export interface AnswerOptions {
  /** The page's origin as the browser reports it (default: the site's). */
  origin?: string;
  /** Whether the person was verified (PIN, face, finger); default true. */
  userVerified?: boolean;
  /** Answer with this passkey (default: the first the options allow); create: the id to give the new one. */
  credentialId?: string;
}

export class SoftAuthenticator {
  private readonly credentials: Credential[] = [];

  /**
   * @param origin the site's origin, as the browser would put it in the client data.
   * @param counting false for authenticators that keep no counter (they send 0 every time).
   */
  constructor(
    private readonly origin: string,
    private readonly counting = true,
  ) {}

  /** navigator.credentials.create(): a new discoverable passkey for the options' site and user. */
  create(options: PasskeyCreationOptions, answer: AnswerOptions = {}): PasskeyRegistration {
    const rpId = options.rp.id!;
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = answer.credentialId ? Buffer.from(answer.credentialId, 'base64url') : randomBytes(16);
    this.credentials.push({ id: b64(id), rpId, userHandle: options.user.id, privateKey, counter: 0 });
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(answer) | FLAG.attested]),
      uint32(0),
      Buffer.alloc(16), // aaguid: none
      idLength,
      id,
      coseKey(publicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, answer),
        attestationObject: b64(attestationObject),
        transports: ['internal', 'hybrid'],
      },
    };
  }

  /** navigator.credentials.get(): a signature with one of its passkeys for the options' site. */
  get(options: PasskeyRequestOptions, answer: AnswerOptions = {}): PasskeyAssertion {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential = this.credentials.find(
      (c) =>
        c.rpId === options.rpId &&
        (answer.credentialId ? c.id === answer.credentialId : !allowed?.length || allowed.includes(c.id)),
    );
    if (!credential) throw new Error('NotAllowedError: no passkey of this authenticator fits');
    if (this.counting) credential.counter += 1;
    const authData = Buffer.concat([
      sha256(credential.rpId),
      Buffer.from([this.flags(answer)]),
      uint32(this.counting ? credential.counter : 0),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, answer);
    const signed = Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: b64(authData),
        signature: b64(sign('sha256', signed, credential.privateKey)),
        userHandle: credential.userHandle,
      },
    };
  }

  /** The ids of the passkeys it holds, newest last. */
  get credentialIds(): string[] {
    return this.credentials.map((c) => c.id);
  }

  private flags(answer: AnswerOptions): number {
    return FLAG.userPresent | (answer.userVerified === false ? 0 : FLAG.userVerified);
  }

  private clientData(type: string, challenge: string, answer: AnswerOptions): string {
    const origin = answer.origin ?? this.origin;
    return b64(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }
}
