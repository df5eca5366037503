import type { DatabaseDialect } from "@a2a-chat/contracts";
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../schema.js";

/** The states of a task someone is working on. */
export const runningStates = ["submitted", "working"] as const;

/**
 * A task whose run holds a claim: running, or input-required while the run keeps its claim (an
 * agent's tool call waiting for the user's answer to an MCP server's question).
 */
function claimed(eb: ExpressionBuilder<Database, "tasks">) {
  return eb.or([
    eb("state", "in", runningStates),
    eb.and([eb("state", "=", "input-required"), eb("runner", "is not", null)]),
  ]);
}

/**
 * The database's time `offsetMs` from now, as an ISO string like Date.toISOString() writes
 * (the format lease_until is stored and compared in). Leases are stamped and judged by the
 * database's clock, when the statement runs: a renewal that waited is not already half spent,
 * and replicas whose clocks differ agree on which leases ran out.
 */
export function databaseTime(dialect: DatabaseDialect, offsetMs = 0): RawBuilder<string> {
  const ms = Math.round(offsetMs);
  if (dialect === "postgres") {
    return sql<string>`to_char((clock_timestamp() at time zone 'UTC') + ${sql.lit(ms)} * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`${ms >= 0 ? "+" : ""}${ms / 1000} seconds`})`;
}

/** A running task as its row names its runner. */
export interface ClaimedRun {
  id: string;
  runner: string | null;
  lease_until: string | null;
}

/** The claims of running tasks: which process runs each, until when, and its reply so far. */
export class TaskLeasesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DatabaseDialect,
  ) {}

  /**
   * Extends the claims `runner` holds by `leaseMs` from now; the ids of the tasks renewed. On
   * PostgreSQL rows a transaction has locked meanwhile (the run storing a step) are skipped, not
   * waited for: one statement holding many rows' locks while it waits for another would close a
   * cycle with a transaction that holds that row and waits for a conversation (see renewOne).
   */
  async renew(runner: string, leaseMs: number): Promise<Set<string>> {
    const mine = (db: Kysely<Database>) =>
      db.selectFrom("tasks").select("id").where("runner", "=", runner).where(claimed);
    const rows = await this.db
      .updateTable("tasks")
      .set({ lease_until: databaseTime(this.dialect, leaseMs) })
      .where(
        "id",
        "in",
        this.dialect === "postgres" ? mine(this.db).forNoKeyUpdate().skipLocked() : mine(this.db),
      )
      .returning("id")
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Extends one claim `runner` holds (waiting for its row if locked); false when it holds none. */
  async renewOne(taskId: string, runner: string, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable("tasks")
      .set({ lease_until: databaseTime(this.dialect, leaseMs) })
      .where("id", "=", taskId)
      .where("runner", "=", runner)
      .where(claimed)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Saves a reply's text so far, if `runner` still holds the task; false when it does not. */
  async saveReply(
    taskId: string,
    runner: string,
    reply: { messageId: string; text: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("tasks")
      .set({ reply_id: reply.messageId, reply_text: reply.text })
      .where("id", "=", taskId)
      .where("runner", "=", runner)
      .where(claimed)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Running tasks whose claim ran out by the database's clock (all running ones with `all`). */
  listExpired(limit: number, all = false): Promise<ClaimedRun[]> {
    let query = this.db.selectFrom("tasks").select(["id", "runner", "lease_until"]).where(claimed);
    if (!all) query = query.where("lease_until", "<", databaseTime(this.dialect));
    return query.orderBy("lease_until").limit(limit).execute();
  }

  /**
   * Moves the claim on a task to `claimant` if it is still as `seen` (compare-and-set on the
   * runner and lease), so of several replicas sweeping at once exactly one gets it, and a runner
   * that renewed meanwhile keeps it. The new claim is stamped by the database's clock.
   */
  async takeOver(
    seen: ClaimedRun,
    claimant: { runner: string; leaseMs: number },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable("tasks")
      .set({ runner: claimant.runner, lease_until: databaseTime(this.dialect, claimant.leaseMs) })
      .where("id", "=", seen.id)
      .where(claimed)
      .where((eb) =>
        eb.and([
          seen.runner === null ? eb("runner", "is", null) : eb("runner", "=", seen.runner),
          seen.lease_until === null
            ? eb("lease_until", "is", null)
            : eb("lease_until", "=", seen.lease_until),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
