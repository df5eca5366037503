import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { RateLimitStore } from "./store.js";

/**
 * Windows kept in the database, so every replica on the same PostgreSQL counts together. One
 * upsert per hit; ended windows are deleted at most once per window length.
 */
export class DbRateLimitStore implements RateLimitStore {
  private lastCleanup = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const row = await this.db
      .insertInto("rate_limits")
      .values({ key, window_start: windowStart, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(["key", "window_start"])
          .doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", 1) })),
      )
      .returning("count")
      .executeTakeFirstOrThrow();
    if (windowStart - this.lastCleanup >= windowMs) {
      this.lastCleanup = windowStart;
      await this.db.deleteFrom("rate_limits").where("window_start", "<", windowStart).execute();
    }
    return Number(row.count);
  }
}
