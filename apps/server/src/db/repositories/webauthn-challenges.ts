import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, WebauthnChallengesTable } from "../schema.js";

export type ChallengeRow = Selectable<WebauthnChallengesTable>;

/** A ceremony about to start. */
export interface NewChallenge {
  kind: ChallengeRow["kind"];
  challenge: string;
  email: string;
  username?: string | null;
  fullName?: string | null;
  newUserId?: string | null;
  oauthState?: string | null;
}

/**
 * WebAuthn ceremonies. Each is used once by its finish call (used_at) and, once verified, turned
 * into an authorization code once (completed_at); every step is a conditional update, so two
 * replicas racing on one ceremony cannot both win.
 */
export class WebauthnChallengesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(input: NewChallenge, lifetimeMs: number): Promise<ChallengeRow> {
    const now = this.now();
    const row: ChallengeRow = {
      id: randomUUID(),
      kind: input.kind,
      challenge: input.challenge,
      email: input.email,
      username: input.username ?? null,
      full_name: input.fullName ?? null,
      new_user_id: input.newUserId ?? null,
      oauth_state: input.oauthState ?? null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
      used_at: null,
      user_id: null,
      verified_at: null,
      completed_at: null,
    };
    await this.db.insertInto("webauthn_challenges").values(row).execute();
    return row;
  }

  /** Takes an unused, unexpired ceremony of a kind for its finish call; undefined if there is none. */
  async use(id: string, kind: ChallengeRow["kind"]): Promise<ChallengeRow | undefined> {
    const at = this.now().toISOString();
    const result = await this.db
      .updateTable("webauthn_challenges")
      .set({ used_at: at })
      .where("id", "=", id)
      .where("kind", "=", kind)
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return undefined;
    return this.db
      .selectFrom("webauthn_challenges")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** Records who the ceremony proved. */
  async markVerified(id: string, userId: string): Promise<void> {
    await this.db
      .updateTable("webauthn_challenges")
      .set({ user_id: userId, verified_at: this.now().toISOString() })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Takes the verified, not yet completed ceremony of this user and OAuth state, if it was verified
   * within the window; returns whether one was taken.
   */
  async complete(userId: string, oauthState: string, windowMs: number): Promise<boolean> {
    const now = this.now();
    const since = new Date(now.getTime() - windowMs).toISOString();
    const row = await this.db
      .selectFrom("webauthn_challenges")
      .select("id")
      .where("user_id", "=", userId)
      .where("oauth_state", "=", oauthState)
      .where("verified_at", ">", since)
      .where("completed_at", "is", null)
      .executeTakeFirst();
    if (!row) return false;
    const result = await this.db
      .updateTable("webauthn_challenges")
      .set({ completed_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("completed_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
