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

/** agent_use values: lent to every agent of this site, or to the agents named for it. */
export const agentUseMode = { none: 0, all: 1, chosen: 2 } as const;

/** The agents a server is lent to: all of this site's, or those named (none when empty). */
export type AgentChoice = "all" | readonly string[];

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

  /**
   * Replaces the row's credentials only if they are still `expected` (a compare-and-swap, so two
   * replicas writing OAuth tokens at once cannot overwrite each other); undefined when they were
   * not (or there is no such row).
   */
  swapCredentials(
    id: string,
    expected: string | null,
    credentials: string | null,
    at: Date = new Date(),
  ): Promise<ExternalMcpServerRow | undefined> {
    return this.db
      .updateTable("external_mcp_servers")
      .set({ credentials, updated_at: at.toISOString() })
      .where("id", "=", id)
      .where((eb) =>
        expected === null ? eb("credentials", "is", null) : eb("credentials", "=", expected),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Which of this site's agents may call the server's tools: all of them (also agents added
   * later), or the named ones (none for an empty list). Undefined when the user has no such row.
   */
  setAgentUse(
    userId: string,
    id: string,
    agents: AgentChoice,
    at: Date = new Date(),
  ): Promise<ExternalMcpServerRow | undefined> {
    const now = at.toISOString();
    const names = agents === "all" ? [] : [...new Set(agents)];
    const mode =
      agents === "all"
        ? agentUseMode.all
        : names.length > 0
          ? agentUseMode.chosen
          : agentUseMode.none;
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("external_mcp_servers")
        .set({ agent_use: mode, updated_at: now })
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await trx.deleteFrom("external_mcp_server_agents").where("server_id", "=", id).execute();
      if (names.length > 0)
        await trx
          .insertInto("external_mcp_server_agents")
          .values(
            names.map((agent_name) => ({
              server_id: id,
              user_id: userId,
              agent_name,
              created_at: now,
            })),
          )
          .execute();
      return row;
    });
  }

  /** The agents each of the user's servers is lent to by name (servers lent to all are absent). */
  async chosenAgents(userId: string): Promise<Map<string, string[]>> {
    const rows = await this.db
      .selectFrom("external_mcp_server_agents")
      .select(["server_id", "agent_name"])
      .where("user_id", "=", userId)
      .orderBy("agent_name")
      .execute();
    const chosen = new Map<string, string[]>();
    for (const row of rows) {
      const names = chosen.get(row.server_id) ?? [];
      names.push(row.agent_name);
      chosen.set(row.server_id, names);
    }
    return chosen;
  }

  /** The user's servers whose tools they let this agent of the site call, oldest first. */
  listForAgent(
    userId: string,
    agentName: string,
  ): Promise<Pick<ExternalMcpServerRow, "id" | "name">[]> {
    return this.db
      .selectFrom("external_mcp_servers as s")
      .select(["s.id", "s.name"])
      .where("s.user_id", "=", userId)
      .where((eb) =>
        eb.or([
          eb("s.agent_use", "=", agentUseMode.all),
          eb.and([
            eb("s.agent_use", "=", agentUseMode.chosen),
            eb.exists(
              eb
                .selectFrom("external_mcp_server_agents as a")
                .select("a.server_id")
                .whereRef("a.server_id", "=", "s.id")
                .where("a.agent_name", "=", agentName),
            ),
          ]),
        ]),
      )
      .orderBy("s.created_at")
      .orderBy("s.id")
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
