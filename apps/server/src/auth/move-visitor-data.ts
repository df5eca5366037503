import { randomUUID } from "node:crypto";
import type { DatabaseDialect } from "@a2a-chat/contracts";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import type { SecretBox } from "../proxy/secret-box.js";
import { eventsChannel } from "../stream/event-log.js";
import { moveVisitorConnections } from "./move-visitor-connections.js";
import { dropUnwrittenContexts } from "./unwritten-contexts.js";

/** How many rows of each kind changed owner. */
export interface MovedData {
  contexts: number;
  tasks: number;
  messages: number;
  artifacts: number;
  toolExecutions: number;
  /** Files uploaded into the visitor's conversations (their bytes are keyed by file id). */
  files: number;
  events: number;
  /** Agents and MCP servers the visitor added (see move-visitor-connections.ts). */
  agents: number;
  mcpServers: number;
  duplicates: number;
  /**
   * The visitor's conversations that held nothing the visitor wrote (the empty 'Default
   * Conversation' a new visitor gets, or one with only the chat's own first-visit greeting and its
   * reply), dropped instead of moved when the account already has conversations.
   */
  emptyContextsDropped: number;
}

const moved = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);

/**
 * Gives everything an anonymous visitor made to an account, inside the caller's transaction:
 * conversations, tasks, messages, artifacts, tool execution records, uploaded files, the agents and MCP servers
 * they added (credentials sealed again for the account with `box`), and the visitor's stream
 * events, which are renumbered after the account's newest event so its live streams receive them.
 * Rows are selected by owner, so running it again moves nothing (idempotent).
 */
export async function moveVisitorData(
  trx: Kysely<Database>,
  db: { dialect: DatabaseDialect; location: string },
  from: string,
  to: string,
  box?: SecretBox,
): Promise<MovedData> {
  const emptyContextsDropped = await dropUnwrittenContexts(trx, from, to);
  const contexts = moved(
    await trx
      .updateTable("contexts")
      .set({ user_id: to })
      .where("user_id", "=", from)
      .executeTakeFirst(),
  );
  const tasks = moved(
    await trx
      .updateTable("tasks")
      .set({ user_id: to })
      .where("user_id", "=", from)
      .executeTakeFirst(),
  );
  // Message ids are unique per user and chosen by clients: one the account already uses gets a new id.
  const clashes = await trx
    .selectFrom("messages as m")
    .innerJoin("messages as taken", (join) =>
      join.onRef("taken.id", "=", "m.id").on("taken.user_id", "=", to),
    )
    .select("m.id")
    .where("m.user_id", "=", from)
    .execute();
  for (const clash of clashes) {
    await trx
      .updateTable("messages")
      .set({ id: randomUUID() })
      .where("user_id", "=", from)
      .where("id", "=", clash.id)
      .execute();
  }
  const messages = moved(
    await trx
      .updateTable("messages")
      .set({ user_id: to })
      .where("user_id", "=", from)
      .executeTakeFirst(),
  );
  const artifacts = moved(
    await trx
      .updateTable("artifacts")
      .set({ user_id: to })
      .where("user_id", "=", from)
      .executeTakeFirst(),
  );
  const toolExecutions = moved(
    await trx
      .updateTable("tool_executions")
      .set({ user_id: to })
      .where("user_id", "=", from)
      .executeTakeFirst(),
  );
  const files = moved(
    await trx
      .updateTable("files")
      .set({ user_id: to })
      .where("user_id", "=", from)
      .executeTakeFirst(),
  );
  // The visitor's share links keep working and are listed (and revocable) by the account.
  await trx.updateTable("shares").set({ user_id: to }).where("user_id", "=", from).execute();
  const connections = await moveVisitorConnections(trx, box, from, to);
  const events = await moveEvents(trx, db, from, to);
  return {
    contexts,
    tasks,
    messages,
    artifacts,
    toolExecutions,
    files,
    events,
    ...connections,
    emptyContextsDropped,
  };
}

async function moveEvents(
  trx: Kysely<Database>,
  db: { dialect: DatabaseDialect; location: string },
  from: string,
  to: string,
): Promise<number> {
  const counted = await trx
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<string | number | bigint>().as("n"))
    .where("user_id", "=", from)
    .executeTakeFirstOrThrow();
  const count = Number(counted.n);
  if (count === 0) return 0;
  // Reserving the ids locks the account's row, as every event append does: its log stays in order.
  const reserved = await trx
    .updateTable("users")
    .set({ last_event_seq: sql<number>`last_event_seq + ${count}` })
    .where("id", "=", to)
    .returning("last_event_seq")
    .executeTakeFirstOrThrow();
  const base = Number(reserved.last_event_seq) - count;
  await sql`insert into events (user_id, seq, event_type, context_id, data, created_at)
    select ${to}, ${base} + row_number() over (order by seq), event_type, context_id, data, created_at
    from events where user_id = ${from}`.execute(trx);
  await trx.deleteFrom("events").where("user_id", "=", from).execute();
  if (db.dialect === "postgres") {
    await sql`select pg_notify(${eventsChannel}, ${`${db.location}:${to}`})`.execute(trx);
  }
  return count;
}
