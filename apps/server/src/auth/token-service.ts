import { KeyObject, randomUUID, sign } from "node:crypto";
import { type TokenClaims, tokenClaimsSchema, type UserType } from "@a2a-chat/contracts";
import { decodeJwt, type JWTHeaderParameters, jwtVerify } from "jose";
import { type SigningKey, signingAlgorithm } from "./signing-key.js";
import { VerifiedTokenCache } from "./verified-token-cache.js";

/** Who a token speaks for. */
export interface TokenSubject {
  userId: string;
  sessionId: string;
  userType: UserType;
  username: string;
  email: string | null;
  scopes: string[];
}

/** A token that does not verify; the reason is for logs, never for the caller. */
export class InvalidTokenError extends Error {
  override name = "InvalidTokenError";
}

export interface TokenOptions {
  issuer: string;
  audience: string;
  lifetimeSeconds: number;
}

/** Issues and verifies ES256 session tokens with one signing key. */
export class TokenService {
  /** Tokens verified a moment ago: the signature check is the costliest part of a request. */
  private readonly verified = new VerifiedTokenCache();
  /** The private key as Node's own key object, for signing without a WebCrypto job. */
  private signer: KeyObject | undefined;

  constructor(
    private readonly key: SigningKey,
    readonly options: TokenOptions,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Signs a token for the subject; expires_in is always the configured lifetime. The token is an
   * ordinary compact JWS (ES256, as jose would produce), signed with node:crypto directly: about a
   * quarter of the CPU of a WebCrypto signature through jose. Its claims go in the verified-token
   * cache at once, as this server's own signature needs no check; the session behind it is still
   * checked on every request (requireAuth), and other replicas verify it in full.
   */
  async issue(subject: TokenSubject): Promise<{ token: string; expiresIn: number }> {
    const iat = Math.floor(this.now() / 1000);
    const claims: Record<string, unknown> = {
      session_id: subject.sessionId,
      scope: subject.scopes.join(" "),
      user_type: subject.userType,
      username: subject.username,
    };
    if (subject.email) claims.email = subject.email;
    Object.assign(claims, {
      sub: subject.userId,
      iss: this.options.issuer,
      aud: this.options.audience,
      iat,
      exp: iat + this.options.lifetimeSeconds,
      jti: randomUUID(),
    });
    const header = { alg: signingAlgorithm, kid: this.key.kid, typ: "JWT" };
    const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
    this.signer ??= KeyObject.from(this.key.privateKey);
    const signature = sign("sha256", Buffer.from(signingInput), {
      key: this.signer,
      dsaEncoding: "ieee-p1363",
    });
    const token = `${signingInput}.${signature.toString("base64url")}`;
    this.verified.set(token, tokenClaimsSchema.parse(claims));
    return { token, expiresIn: this.options.lifetimeSeconds };
  }

  /**
   * Verifies signature, algorithm, kid, issuer, audience and expiry. A token that verified
   * before is only checked for expiry again (its text, signature included, is the cache key).
   */
  async verify(token: string): Promise<TokenClaims> {
    const known = this.verifiedBefore(token);
    if (known) return known;
    const now = this.now();
    const claims = await this.check(token, new Date(now));
    this.verified.set(token, claims);
    return claims;
  }

  /**
   * The claims of a token that verified before and has not expired, else undefined: answered at
   * once, so the request path need not wait for a promise when the token is known.
   */
  verifiedBefore(token: string): TokenClaims | undefined {
    return this.verified.get(token, this.now());
  }

  /**
   * Verifies everything but expiry, judging the token as of its own issue time. Used only to let
   * an anonymous visitor renew an expired token for the same session.
   */
  async verifyIgnoringExpiry(token: string): Promise<TokenClaims> {
    let iat: number | undefined;
    try {
      iat = decodeJwt(token).iat;
    } catch (error) {
      throw new InvalidTokenError((error as Error).message);
    }
    if (typeof iat !== "number") throw new InvalidTokenError("token has no iat");
    return this.check(token, new Date(iat * 1000));
  }

  /** The server's signing key (agent cards are signed with it too; its kid is in the JWKS). */
  get signingKey(): SigningKey {
    return this.key;
  }

  /** The public keys, as served at /.well-known/jwks.json. */
  jwks(): { keys: object[] } {
    return { keys: [this.key.publicJwk] };
  }

  private async check(token: string, currentDate: Date): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(
        token,
        (header: JWTHeaderParameters) => {
          if (header.kid !== this.key.kid) throw new InvalidTokenError(`unknown kid ${header.kid}`);
          return this.key.publicKey;
        },
        {
          algorithms: [signingAlgorithm],
          issuer: this.options.issuer,
          audience: this.options.audience,
          requiredClaims: ["sub", "exp", "iat", "jti"],
          currentDate,
        },
      );
      const claims = tokenClaimsSchema.safeParse(payload);
      if (!claims.success) throw new InvalidTokenError("claims do not match the token schema");
      return claims.data;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError((error as Error).message);
    }
  }
}

function base64url(text: string): string {
  return Buffer.from(text).toString("base64url");
}
