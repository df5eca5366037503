import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, ExternalAgentsTable } from "../schema.js";

export type ExternalAgentRow = Selectable<ExternalAgentsTable>;

/** What is stored when a user adds an agent. */
export interface NewExternalAgent {
  userId: string;
  url: string;
  card: string;
  protocol: "1.0" | "0.3";
  endpoint: string;
  credentials: string | null;
  /** How the card's signatures checked out, JSON (see CardVerification). */
  cardVerification?: string | null;
}

/** The agents users added by URL; every read is scoped to one user. */
export class ExternalAgentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listForUser(userId: string): Promise<ExternalAgentRow[]> {
    return this.db
      .selectFrom("external_agents")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** The user's agent with this id, or undefined (another user's id reads as missing). */
  findForUser(userId: string, id: string): Promise<ExternalAgentRow | undefined> {
    return this.db
      .selectFrom("external_agents")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** Any user's agent with this id (an OAuth callback finds its row by the state it sent). */
  findById(id: string): Promise<ExternalAgentRow | undefined> {
    return this.db
      .selectFrom("external_agents")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /**
   * Replaces the row's credentials only when they are still `expected` (compare-and-swap), so
   * replicas refreshing or signing in at once cannot overwrite each other. updated_at stays: the
   * agent's host reads the new credentials at its next request instead of being rebuilt.
   */
  swapCredentials(
    id: string,
    expected: string | null,
    credentials: string | null,
  ): Promise<ExternalAgentRow | undefined> {
    return this.db
      .updateTable("external_agents")
      .set({ credentials })
      .where("id", "=", id)
      .where((eb) =>
        expected === null ? eb("credentials", "is", null) : eb("credentials", "=", expected),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Adds the agent, or replaces the user's agent with the same URL (keeping its id). */
  async upsert(agent: NewExternalAgent, at: Date = new Date()): Promise<ExternalAgentRow> {
    const now = at.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("external_agents")
        .select("id")
        .where("user_id", "=", agent.userId)
        .where("url", "=", agent.url)
        .executeTakeFirst();
      const values = {
        card: agent.card,
        protocol: agent.protocol,
        endpoint: agent.endpoint,
        credentials: agent.credentials,
        card_verification: agent.cardVerification ?? null,
        updated_at: now,
      };
      if (existing) {
        return trx
          .updateTable("external_agents")
          .set(values)
          .where("id", "=", existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      return trx
        .insertInto("external_agents")
        .values({
          ...values,
          id: randomUUID(),
          user_id: agent.userId,
          url: agent.url,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** Replaces the stored credentials of the user's row; undefined when there is none. */
  setCredentials(
    userId: string,
    id: string,
    credentials: string | null,
    at: Date = new Date(),
  ): Promise<ExternalAgentRow | undefined> {
    return this.db
      .updateTable("external_agents")
      .set({ credentials, updated_at: at.toISOString() })
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Removes the user's agent; false when there was none. */
  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("external_agents")
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
