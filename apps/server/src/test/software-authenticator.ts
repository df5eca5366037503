import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { type CBORType, encodeCBOR } from "@levischuck/tiny-cbor";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

/** One passkey held by the software authenticator. */
export interface SoftwarePasskey {
  id: string;
  rpId: string;
  /** The user handle (base64url) the relying party gave at registration. */
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

/** Where a ceremony happens, as a browser would report it; defaults to the test server's. */
export interface CeremonyPlace {
  origin?: string;
  rpId?: string;
}

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/**
 * A WebAuthn authenticator in software for server tests: ES256 keys from node:crypto, CBOR
 * attestation objects ("none" format), real signatures over authenticatorData || SHA-256
 * (clientDataJSON), so the real verifier checks them exactly as it checks a browser's.
 */
export class SoftwareAuthenticator {
  readonly passkeys = new Map<string, SoftwarePasskey>();

  constructor(
    readonly defaults: Required<CeremonyPlace> = {
      origin: "http://localhost:8080",
      rpId: "localhost",
    },
  ) {}

  /**
   * Makes a passkey for registration options, as navigator.credentials.create would; `reuseId`
   * gives it the id of a credential that exists already (as a faulty or hostile client might).
   */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    place: CeremonyPlace & { reuseId?: string } = {},
  ): RegistrationResponseJSON {
    const rpId = place.rpId ?? this.defaults.rpId;
    const origin = place.origin ?? this.defaults.origin;
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const coseKey = encodeCBOR(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, "base64url")],
        [-3, Buffer.from(jwk.y as string, "base64url")],
      ]),
    );
    const credentialId = place.reuseId ? Buffer.from(place.reuseId, "base64url") : randomBytes(16);
    const id = credentialId.toString("base64url");
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      uint32(0),
      Buffer.alloc(16), // AAGUID
      Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
      credentialId,
      Buffer.from(coseKey),
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ["fmt", "none"],
        ["attStmt", new Map<string, CBORType>()],
        ["authData", authData],
      ]),
    );
    this.passkeys.set(id, { id, rpId, userHandle: options.user.id, privateKey, counter: 0 });
    return {
      id,
      rawId: id,
      type: "public-key",
      response: {
        clientDataJSON: clientData("webauthn.create", options.challenge, origin).toString(
          "base64url",
        ),
        attestationObject: Buffer.from(attestationObject).toString("base64url"),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /**
   * Signs a sign-in challenge with a passkey (the only one, or the one named), counting up like a
   * real authenticator unless `counter` says what to report.
   */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    choose: CeremonyPlace & { passkeyId?: string; counter?: number } = {},
  ): AuthenticationResponseJSON {
    const passkey = choose.passkeyId
      ? this.passkeys.get(choose.passkeyId)
      : [...this.passkeys.values()].at(-1);
    if (!passkey) throw new Error("the software authenticator holds no such passkey");
    passkey.counter = choose.counter ?? passkey.counter + 1;
    const authData = Buffer.concat([
      sha256(choose.rpId ?? passkey.rpId),
      Buffer.from([0x05]), // user present, user verified
      uint32(passkey.counter),
    ]);
    const data = clientData(
      "webauthn.get",
      options.challenge,
      choose.origin ?? this.defaults.origin,
    );
    const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), passkey.privateKey);
    return {
      id: passkey.id,
      rawId: passkey.id,
      type: "public-key",
      response: {
        clientDataJSON: data.toString("base64url"),
        authenticatorData: authData.toString("base64url"),
        signature: signature.toString("base64url"),
        userHandle: passkey.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
