import { TaskState } from "@a2a-js/sdk";
import { type KyselyPlugin, type RootOperationNode, SelectQueryNode, TableNode } from "kysely";
import { expect, it, vi } from "vitest";
import type { Db } from "../db/database.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import type { ReceivedEvent } from "../test/sse.js";
import { taskUser } from "../test/tasks.js";
import { TaskRuns } from "./task-runs.js";

/**
 * Counts the statements and transactions run through a Kysely instance; the live stream's reads
 * of the event log apart (how many depends on when the notifications land, see below).
 */
class Counter implements KyselyPlugin {
  queries = 0;
  eventReads = 0;
  transactions = 0;
  transformQuery(args: { node: RootOperationNode }): RootOperationNode {
    const node = args.node;
    const from = SelectQueryNode.is(node) ? node.from?.froms[0] : undefined;
    if (from && TableNode.is(from) && from.table.identifier.name === "events") this.eventReads += 1;
    else this.queries += 1;
    return node;
  }
  async transformResult<T>(args: { result: T }): Promise<T> {
    return args.result;
  }
  /** The same database, counted. */
  wrap(db: Db): Db {
    const kysely = db.kysely.withPlugin(this);
    const transaction = kysely.transaction.bind(kysely);
    kysely.transaction = () => {
      this.transactions += 1;
      return transaction();
    };
    return { ...db, kysely };
  }
}

/**
 * A guard on the work of one simple turn: the default agent (the built-in planner) answering
 * "hello", streamed, with the user's live stream open, as in the capacity bench. A turn took 65
 * queries in four transactions on SQLite before its writes were batched, then 29; 24 since the
 * conversation's counters come back from their update, its last message time from the row
 * already read, and the history in one query; 21 since a new task's and message's ids are checked
 * by their inserts (on conflict do nothing) instead of a look-up each; 20 since the request check
 * reads the conversation and the user's stored bytes (storage quota) in one query; 21 since the
 * model's history is the conversation's chosen branch (one recursive read of the path of tasks).
 * A change that adds a read or a commit per turn shows up here.
 *
 * Two things a turn's timing decides are counted apart. A turn that outlasts the first save's
 * 50 ms (a loaded machine) meets a save pass of the running tasks (TaskRuns): on SQLite one more
 * transaction of up to three statements (the claim renewed, the reply saved), on PostgreSQL on
 * its own connection, not counted here. And the live stream reads the event log once per commit
 * it hears of, plus once more when a commit's notice lands while it reads (the previous turn's
 * last notice can land after the counters were reset).
 */
describeEachDialect("the queries of one planner turn", (get, dialect) => {
  it("stay within a bound, while the live stream gets every change in order", async () => {
    const database = get();
    const counter = new Counter();
    const app = createTestApp({ ...database, db: counter.wrap(database.db) });
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const stream = await user.openStream();
    const client = await a2aClient(inProcessFetch(app, user.session.access_token), "assistant");
    const types: string[] = [];
    const passes = vi.spyOn(TaskRuns.prototype as unknown as { pass(): Promise<void> }, "pass");
    for (let turn = 0; turn < 3; turn++) {
      counter.queries = 0;
      counter.eventReads = 0;
      counter.transactions = 0;
      passes.mockClear();
      let state: TaskState | undefined;
      for await (const event of client.sendMessageStream(
        sendParams(textMessage(contextId, "hello")),
      )) {
        if (event.payload?.$case === "statusUpdate") state = event.payload.value.status?.state;
      }
      expect(state).toBe(TaskState.TASK_STATE_COMPLETED);
      let event: ReceivedEvent;
      do {
        event = await stream.next();
        types.push(event.envelope.event_type);
      } while (event.envelope.event_type !== "task_completed");
      // The first turn also fills the tool-list cache (tools/list through the MCP endpoints).
      if (turn === 0) continue;
      const sqlitePasses = dialect === "sqlite" ? passes.mock.calls.length : 0;
      // Per request on PostgreSQL only: the session check and the shared rate-limit window.
      expect(counter.queries).toBeLessThanOrEqual(
        (dialect === "sqlite" ? 21 : 25) + 3 * sqlitePasses,
      );
      expect(counter.transactions).toBe(2 + sqlitePasses);
      expect(counter.eventReads).toBeLessThanOrEqual(3);
    }
    passes.mockRestore();
    const turn = [
      "task_created",
      "message_added",
      "context_stats",
      "task_status_changed",
      "message_added",
      "context_stats",
      "task_status_changed",
      "task_completed",
    ];
    expect(types).toEqual([...turn, ...turn, ...turn]);
    await stream.close();
  });
});
