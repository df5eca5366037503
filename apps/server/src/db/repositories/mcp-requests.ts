import type { Kysely, Selectable } from "kysely";
import type { Database, McpRequestsTable } from "../schema.js";

export type McpRequestRow = Selectable<McpRequestsTable>;

/** What is stored when a server asks the user something. */
export interface NewMcpRequest {
  id: string;
  userId: string;
  kind: string;
  serverName: string;
  contextId: string | null;
  taskId: string | null;
  params: unknown;
  createdAt: Date;
  expiresAt: Date;
}

/** Server-to-client MCP requests; every read a user can cause is scoped to that user. */
export class McpRequestsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(request: NewMcpRequest): Promise<McpRequestRow> {
    const row: McpRequestRow = {
      id: request.id,
      user_id: request.userId,
      kind: request.kind,
      server_name: request.serverName,
      context_id: request.contextId,
      task_id: request.taskId,
      params: JSON.stringify(request.params),
      status: "pending",
      answer: null,
      created_at: request.createdAt.toISOString(),
      expires_at: request.expiresAt.toISOString(),
      answered_at: null,
    };
    await this.db.insertInto("mcp_requests").values(row).execute();
    return row;
  }

  /** The row by id, whoever it belongs to (the replica waiting for its answer). */
  findById(id: string): Promise<McpRequestRow | undefined> {
    return this.db.selectFrom("mcp_requests").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The user's request with this id (another user's id reads as missing). */
  findForUser(userId: string, id: string): Promise<McpRequestRow | undefined> {
    return this.db
      .selectFrom("mcp_requests")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** The user's requests still waiting and not past their deadline, oldest first. */
  listPending(userId: string, now: Date): Promise<McpRequestRow[]> {
    return this.db
      .selectFrom("mcp_requests")
      .selectAll()
      .where("user_id", "=", userId)
      .where("status", "=", "pending")
      .where("expires_at", ">", now.toISOString())
      .orderBy("created_at")
      .orderBy("id")
      .limit(50)
      .execute();
  }

  /**
   * Ends a pending request (compare-and-set on its status, so one answer wins and a late answer
   * after the deadline changes nothing). Returns whether this call ended it.
   */
  async end(
    id: string,
    status: "answered" | "expired" | "cancelled",
    answer: unknown,
    at: Date,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("mcp_requests")
      .set({
        status,
        answer: answer === undefined ? null : JSON.stringify(answer),
        answered_at: at.toISOString(),
      })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes requests that ended before the cutoff; returns how many. */
  async prune(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom("mcp_requests")
      .where("expires_at", "<", before.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
