// A software WebAuthn authenticator for API tests (decision 089), made from node:crypto alone: an ES256 (P-256) key,
// "none" attestation, authenticator data with the RP id's SHA-256, the flags, the signature counter, the credential id
// and its COSE key, and assertions signed over authenticator data + SHA-256(clientDataJSON). The server under test
// runs the real verification (SimpleWebAuthn through better-auth's plugin); nothing of it is mocked.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/** base64url without padding, as WebAuthn's JSON carries bytes. */
export const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** A CBOR value of the few kinds WebAuthn needs (RFC 8949): integers, byte and text strings, maps. */
type TCbor = number | string | Uint8Array | Map<TCbor, TCbor>;

function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}

/** Encodes `value` as CBOR. */
export function cbor(value: TCbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

/** Authenticator data flags (WebAuthn §6.1). */
export const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 } as const;

/** What a ceremony's client data may be made to say, to test the server's refusals. */
export interface TCeremonyOverrides {
  /** Default: the options' challenge. */
  challenge?: string;
  /** Default: the authenticator's origin. */
  origin?: string;
  /** Default: the authenticator's RP id. */
  rpId?: string;
  /** Default: user present and verified. */
  flags?: number;
  /** Default: the next counter value (assertions only). */
  counter?: number;
}

/** One credential held by the software authenticator. */
export class SoftwareCredential {
  readonly id = randomBytes(32);
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  counter = 0;
  userHandle: string | undefined;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** The credential's public key as a COSE_Key (EC2, ES256, P-256). */
  coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<TCbor, TCbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested: boolean): Buffer {
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const parts: Uint8Array[] = [
      sha256(rpId),
      Buffer.from([flags | (attested ? FLAGS.attestedData : 0)]),
      counterBytes,
    ];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(this.id.length);
      parts.push(Buffer.alloc(16), idLength, this.id, this.coseKey()); // AAGUID zero: "none" attestation
    }
    return Buffer.concat(parts);
  }

  /** The answer to navigator.credentials.create for `options` (RegistrationResponseJSON). */
  register(options: { challenge: string; user?: { id?: string } }, overrides: TCeremonyOverrides = {}) {
    this.userHandle = options.user?.id;
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const flags = overrides.flags ?? FLAGS.userPresent | FLAGS.userVerified;
    const authData = this.authenticatorData(overrides.rpId ?? this.rpId, flags, this.counter, true);
    const attestationObject = cbor(
      new Map<TCbor, TCbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** The answer to navigator.credentials.get for `options` (AuthenticationResponseJSON); the counter grows by one. */
  authenticate(options: { challenge: string }, overrides: TCeremonyOverrides = {}) {
    const counter = overrides.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const clientData = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const flags = overrides.flags ?? FLAGS.userPresent | FLAGS.userVerified;
    const authData = this.authenticatorData(overrides.rpId ?? this.rpId, flags, counter, false);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey); // DER
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}

/** A random challenge of the kind a server makes, for a ceremony over a challenge the server never issued. */
export const strangerChallenge = () => b64url(randomBytes(32));
