import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, ExternalMcpServersTable } from "../schema.js";

export type ExternalMcpServerRow = Selectable<ExternalMcpServersTable>;

/** What is stored when a user adds an MCP server. */
export interface NewExternalMcpServer {
  userId: string;
  name: string;
  url: string;
  transport: string;
  credentials: string | null;
  timeoutMs: number;
}

/** The MCP servers users added; every read is scoped to one user. */
export class ExternalMcpServersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listForUser(userId: string): Promise<ExternalMcpServerRow[]> {
    return this.db
      .selectFrom("external_mcp_servers")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** The server with this id, whoever added it (the OAuth callback, which carries no session). */
  findById(id: string): Promise<ExternalMcpServerRow | undefined> {
    return this.db
      .selectFrom("external_mcp_servers")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** The user's server with this id, or undefined (another user's id reads as missing). */
  findForUser(userId: string, id: string): Promise<ExternalMcpServerRow | undefined> {
    return this.db
      .selectFrom("external_mcp_servers")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** Adds the server, or replaces the user's server with the same name (keeping its id). */
  async upsert(server: NewExternalMcpServer, at: Date = new Date()): Promise<ExternalMcpServerRow> {
    const now = at.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("external_mcp_servers")
        .select("id")
        .where("user_id", "=", server.userId)
        .where("name", "=", server.name)
        .executeTakeFirst();
      const values = {
        url: server.url,
        transport: server.transport,
        credentials: server.credentials,
        timeout_ms: server.timeoutMs,
        updated_at: now,
      };
      if (existing) {
        return trx
          .updateTable("external_mcp_servers")
          .set(values)
          .where("id", "=", existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      return trx
        .insertInto("external_mcp_servers")
        .values({
          ...values,
          id: randomUUID(),
          user_id: server.userId,
          name: server.name,
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
  ): Promise<ExternalMcpServerRow | undefined> {
    return this.db
      .updateTable("external_mcp_servers")
      .set({ credentials, updated_at: at.toISOString() })
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Whether this site's agents may call the server's tools; undefined when the user has no such row. */
  setAgentUse(
    userId: string,
    id: string,
    enabled: boolean,
    at: Date = new Date(),
  ): Promise<ExternalMcpServerRow | undefined> {
    return this.db
      .updateTable("external_mcp_servers")
      .set({ agent_use: enabled ? 1 : 0, updated_at: at.toISOString() })
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  /** The user's servers whose tools they let this site's agents call, oldest first. */
  listForAgents(userId: string): Promise<Pick<ExternalMcpServerRow, "id" | "name">[]> {
    return this.db
      .selectFrom("external_mcp_servers")
      .select(["id", "name"])
      .where("user_id", "=", userId)
      .where("agent_use", "=", 1)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** Removes the user's server; false when there was none. */
  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("external_mcp_servers")
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
