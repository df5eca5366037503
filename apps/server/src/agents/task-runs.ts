import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "../db/database.js";
import type { Logger } from "../log/logger.js";
import type { CommandServices } from "../tasks/command-services.js";
import {
  endAbandonedTask,
  runnerStoppedReason,
  runningStates,
} from "../tasks/end-abandoned-task.js";

interface Run {
  /** The reply streamed so far (the executor's record, read when saving). */
  reply: { messageId: string; text: string } | undefined;
  saved: { messageId: string | undefined; length: number };
  renewedAt: number;
  /** Ends the run at once as failed with this reason, keeping its text. */
  cut(reason: string): void;
}

/** How soon after a reply's first words they are saved (later words wait for the timer). */
export const firstSaveMs = 50;

export interface TaskRunsOptions {
  db: Db;
  logger: Logger;
  leaseMs: number;
  saveIntervalMs: number;
}

/**
 * The tasks this server process runs, and its claim on them in the database. Each running task's
 * row names this process (`runner`) and a lease that one timer renews every third of its length;
 * the same timer saves each reply's text so far at most every `saveIntervalMs` (never per
 * token). A task whose lease ran out lost its process: every replica's sweep looks for such
 * tasks and ends them, keeping the saved text (see endAbandonedTask). On SQLite there is one
 * process, so at start every task still running was left by a previous life of it.
 */
export class TaskRuns {
  /** This process's name in the tasks it runs: host, pid and a random part (pids repeat). */
  readonly runnerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly runs = new Map<string, Run>();
  private saver: NodeJS.Timeout | undefined;
  private firstSave: NodeJS.Timeout | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private saving = false;
  private idle: (() => void)[] = [];
  /** Set when the server shuts down: no new turns are taken. */
  draining = false;

  constructor(private readonly options: TaskRunsOptions) {}

  /** The lease to store with a task this process starts running now. */
  lease(now = Date.now()): { runner: string; lease_until: string } {
    return {
      runner: this.runnerId,
      lease_until: new Date(now + this.options.leaseMs).toISOString(),
    };
  }

  /** Claims a task that was waiting for the user and runs again; its old reply is gone. */
  async claim(taskId: string): Promise<void> {
    await this.options.db.kysely
      .updateTable("tasks")
      .set({ ...this.lease(), reply_id: null, reply_text: null })
      .where("id", "=", taskId)
      .execute();
  }

  /** The executor runs a task whose row already holds this process's lease. */
  begin(taskId: string, cut: (reason: string) => void): void {
    this.runs.set(taskId, {
      reply: undefined,
      saved: { messageId: undefined, length: 0 },
      renewedAt: Date.now(),
      cut,
    });
    this.saver ??= setInterval(() => void this.save(), this.options.saveIntervalMs);
    this.saver.unref();
  }

  /**
   * The reply grew; it is saved on the next tick of the timer. A reply's first words are saved
   * sooner (one pass `firstSaveMs` later, shared by every reply that started meanwhile): a
   * process killed in a reply's first second would otherwise leave no text and no id of it, and
   * the page would keep what it had streamed beside the ended task's message.
   */
  replied(taskId: string, reply: { messageId: string; text: string }): void {
    const run = this.runs.get(taskId);
    if (!run) return;
    run.reply = reply;
    if (run.saved.messageId === undefined && this.firstSave === undefined) {
      this.firstSave = setTimeout(() => {
        this.firstSave = undefined;
        void this.save();
      }, firstSaveMs);
      this.firstSave.unref();
    }
  }

  /** The run ended (its end is stored, which cleared the claim). */
  end(taskId: string): void {
    this.runs.delete(taskId);
    if (this.runs.size > 0) return;
    clearInterval(this.saver);
    this.saver = undefined;
    clearTimeout(this.firstSave);
    this.firstSave = undefined;
    for (const wake of this.idle.splice(0)) wake();
  }

  /** Ids of the tasks this process runs. */
  get taskIds(): string[] {
    return [...this.runs.keys()];
  }

  /** Resolves true once no task runs here, or false when `timeoutMs` passed first. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.runs.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idle.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Ends every run here as failed with the reason; returns their task ids. */
  cutAll(reason: string): string[] {
    const ids = this.taskIds;
    for (const run of this.runs.values()) run.cut(reason);
    return ids;
  }

  /**
   * Renews the leases that are due and saves the replies that grew, in one pass and one
   * transaction: on SQLite each statement outside a transaction is a commit of its own, and a
   * few hundred running replies made a commit each, tens of milliseconds every second during
   * which the event loop did nothing else.
   */
  private async save(): Promise<void> {
    if (this.saving) return;
    this.saving = true;
    try {
      const now = Date.now();
      const due = [...this.runs].filter(([, run]) => {
        const grew =
          run.reply !== undefined &&
          (run.reply.messageId !== run.saved.messageId ||
            run.reply.text.length !== run.saved.length);
        return grew || now - run.renewedAt >= this.options.leaseMs / 3;
      });
      if (due.length === 0) return;
      const kept = await this.saveAll(due, now);
      if (kept) this.settle(due, kept, now);
    } finally {
      this.saving = false;
    }
  }

  /** Writes the due runs' leases and replies; which rows this process still held, or undefined. */
  private async saveAll(
    due: [string, Run][],
    now: number,
  ): Promise<{ kept: boolean; reply: Run["reply"] }[] | undefined> {
    const leaseUntil = new Date(now + this.options.leaseMs).toISOString();
    try {
      return await this.options.db.kysely.transaction().execute(async (trx) => {
        const kept: { kept: boolean; reply: Run["reply"] }[] = [];
        for (const [taskId, run] of due) {
          const reply = run.reply;
          const result = await trx
            .updateTable("tasks")
            .set({
              lease_until: leaseUntil,
              ...(reply ? { reply_id: reply.messageId, reply_text: reply.text } : {}),
            })
            .where("id", "=", taskId)
            .where("runner", "=", this.runnerId)
            .where("state", "in", runningStates)
            .executeTakeFirst();
          kept.push({ kept: Number(result.numUpdatedRows) > 0, reply });
        }
        return kept;
      });
    } catch (error) {
      // The database blinked: the next tick tries again, well within the lease.
      this.options.logger.warn(
        { err: error, taskIds: due.map(([taskId]) => taskId) },
        "could not renew running tasks' leases",
      );
      return undefined;
    }
  }

  private settle(
    due: [string, Run][],
    outcomes: { kept: boolean; reply: Run["reply"] }[],
    now: number,
  ): void {
    due.forEach(([taskId, run], i) => {
      const { kept, reply } = outcomes[i] ?? { kept: false, reply: undefined };
      if (kept) {
        run.renewedAt = now;
        if (reply) run.saved = { messageId: reply.messageId, length: reply.text.length };
        return;
      }
      // The task ended elsewhere, or another replica took this process for dead and ended it:
      // nobody wants the rest of this run.
      if (this.runs.get(taskId) === run) {
        this.options.logger.warn({ taskId }, "lost the claim on a running task; stopping it");
        run.cut(runnerStoppedReason);
      }
    });
  }

  /**
   * Ends the tasks whose runner is gone: on SQLite (one process) every task still running when
   * the server starts; on PostgreSQL those whose lease ran out. Returns how many were ended.
   */
  async sweep(services: CommandServices, atStart = false): Promise<number> {
    const { kysely } = this.options.db;
    let query = kysely
      .selectFrom("tasks")
      .select(["id", "runner", "lease_until"])
      .where("state", "in", runningStates);
    if (!(atStart && this.options.db.dialect === "sqlite")) {
      query = query.where("lease_until", "<", new Date().toISOString());
    }
    const rows = await query.orderBy("lease_until").limit(200).execute();
    let ended = 0;
    for (const row of rows) {
      if (row.runner === this.runnerId && this.runs.has(row.id)) continue;
      try {
        const done = await endAbandonedTask(services, row, runnerStoppedReason, this.lease());
        if (!done) continue;
        ended += 1;
        this.options.logger.warn(
          { taskId: row.id, runner: row.runner },
          "ended a task whose server stopped; its text so far was kept",
        );
      } catch (error) {
        this.options.logger.warn({ err: error, taskId: row.id }, "could not end an abandoned task");
      }
    }
    return ended;
  }

  /** Sweeps now (recovering what a previous run of this process left), then every half lease. */
  async start(services: CommandServices): Promise<void> {
    await this.sweep(services, true);
    this.sweeper = setInterval(() => {
      this.sweep(services).catch((error: unknown) => {
        this.options.logger.warn({ err: error }, "sweeping abandoned tasks failed");
      });
    }, this.options.leaseMs / 2);
    this.sweeper.unref();
  }

  /** Stops the timers (runs still here are the drain's to end). */
  stop(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}
