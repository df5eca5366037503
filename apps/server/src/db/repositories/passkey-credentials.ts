import type { Kysely } from "kysely";
import type { Database } from "../schema.js";

/** A stored passkey, ready for the verifier. */
export interface StoredPasskey {
  id: string;
  userId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

/** Reads and writes passkeys (webauthn_credentials). */
export class PasskeyCredentialsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(passkey: StoredPasskey): Promise<void> {
    await this.db
      .insertInto("webauthn_credentials")
      .values({
        id: passkey.id,
        user_id: passkey.userId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: JSON.stringify(passkey.transports),
        created_at: this.now().toISOString(),
        last_used_at: null,
      })
      .execute();
  }

  async findById(id: string): Promise<StoredPasskey | undefined> {
    const row = await this.db
      .selectFrom("webauthn_credentials")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      userId: row.user_id,
      publicKey: row.public_key,
      counter: Number(row.counter),
      transports: JSON.parse(row.transports) as string[],
    };
  }

  /**
   * Records a use with its new signature counter. The update only happens while the stored counter
   * is still below it (or both are 0, for authenticators without a counter), so two racing uses of
   * one signed response cannot both pass; returns whether it was recorded.
   */
  async recordUse(id: string, seenCounter: number, newCounter: number): Promise<boolean> {
    const result = await this.db
      .updateTable("webauthn_credentials")
      .set({ counter: newCounter, last_used_at: this.now().toISOString() })
      .where("id", "=", id)
      .where("counter", "=", seenCounter)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
