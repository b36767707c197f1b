import crypto from 'node:crypto';

/**
 * A software passkey authenticator for API tests: it makes an ES256 key pair and answers WebAuthn's
 * registration and sign-in prompts exactly as a browser hands them to the page (the JSON that
 * @simplewebauthn/browser sends), signing with the real key, so the server's checks run for real. Browser
 * tests use Chromium's own virtual authenticator instead.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = (major << 5) | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
}

/** The few CBOR shapes WebAuthn needs: small integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest();

const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_DATA = 0x40;

export interface PromptOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export interface AnswerOverrides {
  /** Sign this challenge instead of the one asked for. */
  challenge?: string;
  origin?: string;
  rpId?: string;
  /** Answer without user verification (a tap without a PIN or biometrics). */
  userVerified?: boolean;
  /** Report this signature counter instead of the next one. */
  counter?: number;
}

export class SoftwarePasskey {
  readonly credentialId = crypto.randomBytes(32);
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;
  private userHandle = '';

  constructor(private readonly origin: string) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(overrides: AnswerOverrides): number {
    return USER_PRESENT | (overrides.userVerified === false ? 0 : USER_VERIFIED);
  }

  /** The answer to a registration prompt (navigator.credentials.create). */
  register(options: PromptOptions, overrides: AnswerOverrides = {}) {
    this.userHandle = options.user?.id ?? '';
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(String(jwk.x), 'base64url')],
      [-3, Buffer.from(String(jwk.y), 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const rpId = overrides.rpId ?? options.rp?.id ?? '';
    const authData = this.authenticatorData(rpId, this.flags(overrides) | ATTESTED_DATA, 0, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientData = this.clientData(
      'webauthn.create',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin,
    );
    return {
      credential: {
        id: this.id,
        rawId: this.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
    };
  }

  /** The answer to a sign-in prompt (navigator.credentials.get), signed with this passkey's key. */
  signIn(options: PromptOptions, overrides: AnswerOverrides = {}) {
    this.counter += 1;
    const rpId = overrides.rpId ?? options.rpId ?? '';
    const authData = this.authenticatorData(rpId, this.flags(overrides), overrides.counter ?? this.counter);
    const clientData = this.clientData(
      'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin,
    );
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      this.keys.privateKey,
    );
    return {
      credential: {
        id: this.id,
        rawId: this.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: this.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
    };
  }
}
