import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const version = "v1";

/**
 * AES-256-GCM for secrets kept at rest (credentials of user-added agents). The stored text is
 * "v1.<iv>.<tag>.<ciphertext>" in base64url; the row id is bound as associated data, so a
 * ciphertext copied to another row does not decrypt.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    this.key = Buffer.from(base64Key, "base64");
    if (this.key.length !== 32) throw new Error("secret key must be 32 bytes");
  }

  seal(plain: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
    return [version, ...parts].join(".");
  }

  /** The plain text; throws when the text was not sealed with this key for this row. */
  open(sealed: string, boundTo: string): string {
    const [tag, iv, auth, body] = sealed.split(".");
    if (tag !== version || iv === undefined || auth === undefined || body === undefined)
      throw new Error("not a sealed secret");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(auth, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  }
}
