import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { Db } from "../db/database.js";
import { databaseTime, TaskLeasesRepository } from "../db/repositories/task-leases.js";
import type { Database } from "../db/schema.js";
import type { Logger } from "../log/logger.js";
import type { CommandServices } from "../tasks/command-services.js";
import { endAbandonedTask, runnerStoppedReason } from "../tasks/end-abandoned-task.js";
import { type ReplySoFar, SavedReply } from "./saved-reply.js";
import { TaskStatusRelay } from "./task-status-relay.js";

interface Run {
  /** The reply's text: produced, shown to clients, saved. */
  text: SavedReply;
  /** Ends the run at once as failed with this reason, keeping its text. */
  cut(reason: string): void;
  /** Shows the text held back while saves lagged (see SavedReply). */
  release(): void;
  /** Not yet covered by a renewal stamped by the database's clock. */
  fresh: boolean;
  /** Its end is being stored, which clears the claim: a pass that sees it cleared is not a loss. */
  ending?: boolean;
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
 * row names this process (`runner`) and a lease renewed every third of its length, all of this
 * process's claims in one statement, by the database's clock, on a connection of its own
 * (`db.leases` on PostgreSQL): a replica whose pool is exhausted by user traffic is busy, not
 * dead, and must not be taken for dead. The same passes save each reply's text so far, timed
 * from the first text shown that no save covers, so a crash loses at most one save interval of
 * what clients saw (see SavedReply), and at once when a run is cut. A task whose lease ran out
 * lost its process: every replica's sweep looks for such tasks and ends them, keeping the saved
 * text (see endAbandonedTask). On SQLite there is one process, so at start every task still
 * running was left by a previous life of it.
 */
export class TaskRuns {
  /** This process's name in the tasks it runs: host, pid and a random part (pids repeat). */
  readonly runnerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly runs = new Map<string, Run>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private sweeper: NodeJS.Timeout | undefined;
  private saving = false;
  /** A pass fell due while one ran: run another right after it. */
  private again = false;
  private renewedAt = 0;
  /** How long the last pass took: later passes start that much earlier. */
  private passMs = 0;
  /** After a failed pass, none before this (a database that is down is not asked in a loop). */
  private retryAt = 0;
  private idle: (() => void)[] = [];
  /** Set when the server shuts down: no new turns are taken. */
  draining = false;
  /** Status changes of running turns stored by others (a tool call asking the user). */
  readonly statuses = new TaskStatusRelay();

  constructor(private readonly options: TaskRunsOptions) {}

  /** The lease to store with a task this process starts running now (stamped again at once). */
  lease(now = Date.now()): { runner: string; lease_until: string } {
    return {
      runner: this.runnerId,
      lease_until: new Date(now + this.options.leaseMs).toISOString(),
    };
  }

  /** Claims a task that was waiting for the user and runs again; its old reply is gone. */
  async claim(taskId: string): Promise<void> {
    const { kysely, dialect } = this.options.db;
    await kysely
      .updateTable("tasks")
      .set({
        runner: this.runnerId,
        lease_until: databaseTime(dialect, this.options.leaseMs),
        reply_id: null,
        reply_text: null,
      })
      .where("id", "=", taskId)
      .execute();
  }

  /**
   * The executor runs a task whose row already holds this process's claim. `cut` ends it with a
   * reason; `release` shows text the executor held back (see mayShow).
   */
  begin(taskId: string, cut: (reason: string) => void, release: () => void = () => {}): void {
    this.runs.set(taskId, {
      text: new SavedReply(this.options.saveIntervalMs),
      cut,
      release,
      fresh: true,
    });
    // The claim was stamped by this process's clock before the row's transaction waited its
    // turn: a pass soon stamps it by the database's.
    this.schedule(Date.now() + firstSaveMs);
  }

  /**
   * The reply grew (the text the run produced, shown or held); a pass saves it in time. A reply's
   * first words are saved sooner (one pass `firstSaveMs` later, shared by every reply that
   * started meanwhile): a process killed in a reply's first second would otherwise leave no text
   * and no id of it, and the page would keep what it had streamed beside the ended task's message.
   */
  replied(taskId: string, reply: ReplySoFar): void {
    const run = this.runs.get(taskId);
    if (!run) return;
    run.text.reply = reply;
    const now = Date.now();
    if (!run.text.started) this.schedule(now + firstSaveMs);
    else this.schedule(run.text.dueAt(now, this.passMs) ?? now + this.options.saveIntervalMs);
  }

  /** Whether more of the reply may be shown now; when not, the executor holds it until released. */
  mayShow(taskId: string): boolean {
    return this.runs.get(taskId)?.text.mayShow(Date.now()) ?? true;
  }

  /** The reply's text up to `length` characters has been shown to clients. */
  shown(taskId: string, length: number): void {
    const run = this.runs.get(taskId);
    if (!run) return;
    const now = Date.now();
    run.text.shown(length, now);
    const due = run.text.dueAt(now, this.passMs);
    if (due !== undefined) this.schedule(due);
  }

  /** Saves every grown reply now (a run was cut: what it streamed is kept at once). */
  saveNow(): void {
    this.schedule(Date.now());
  }

  /**
   * The run's end is about to be stored. Until `end`, a pass that finds the claim already cleared
   * (the end committed while the pass renewed) leaves the run alone instead of cutting it: the cut
   * aborted a finished turn, and logged a lost claim that was not.
   */
  ending(taskId: string): void {
    const run = this.runs.get(taskId);
    if (run) run.ending = true;
  }

  /** The run ended (its end is stored, which cleared the claim). */
  end(taskId: string): void {
    this.runs.delete(taskId);
    if (this.runs.size > 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
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

  /** Sets the pass timer to `at` unless it already fires by then. */
  private schedule(wanted: number): void {
    const at = Math.max(wanted, this.retryAt);
    if (this.runs.size === 0 || (this.timer !== undefined && this.timerAt <= at)) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        void this.save();
      },
      Math.max(0, at - Date.now()),
    );
    this.timer.unref();
  }

  /** Runs a pass, or another right after the one running; then sets the timer for the next. */
  private async save(): Promise<void> {
    if (this.saving) {
      this.again = true;
      return;
    }
    this.saving = true;
    try {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && this.runs.size > 0);
    } finally {
      this.saving = false;
    }
    this.scheduleNext();
  }

  /** The next pass: the earliest save due, or the next renewal. */
  private scheduleNext(): void {
    if (this.runs.size === 0) return;
    const now = Date.now();
    let next = this.renewedAt + this.options.leaseMs / 3;
    for (const run of this.runs.values()) {
      const due = run.fresh ? now : run.text.dueAt(now, this.passMs);
      if (due !== undefined && due < next) next = due;
    }
    this.schedule(next);
  }

  /**
   * Renews the claims when due (or new) and saves the replies that grew, in one pass and one
   * transaction: on SQLite each statement outside a transaction is a commit of its own, and a
   * few hundred running replies made a commit each, tens of milliseconds every second during
   * which the event loop did nothing else.
   */
  private async pass(): Promise<void> {
    const started = Date.now();
    const runs = [...this.runs];
    const renew =
      started - this.renewedAt >= this.options.leaseMs / 3 || runs.some(([, run]) => run.fresh);
    const grown = runs.flatMap(([taskId, run]) =>
      run.text.grown && run.text.reply ? [{ taskId, run, reply: run.text.reply }] : [],
    );
    if (!renew && grown.length === 0) return;
    const { db } = this.options;
    let held: Set<string> | undefined;
    const lost = new Set<string>();
    const { leaseMs } = this.options;
    const work = async (connection: Kysely<Database>) => {
      const leases = new TaskLeasesRepository(connection, db.dialect);
      if (renew) {
        const renewed = await leases.renew(this.runnerId, leaseMs);
        for (const [taskId] of runs) {
          if (!renewed.has(taskId) && (await leases.renewOne(taskId, this.runnerId, leaseMs)))
            renewed.add(taskId);
        }
        held = renewed;
      }
      for (const { taskId, reply } of grown) {
        if (!(await leases.saveReply(taskId, this.runnerId, reply))) lost.add(taskId);
      }
    };
    try {
      // SQLite: one commit for the pass. PostgreSQL: each statement commits on its own, so the
      // pass never holds one row's lock while waiting for another's (a transaction updating a
      // row twice also checks its conversation's key, which user transactions lock first).
      if (db.dialect === "sqlite") await db.kysely.transaction().execute(work);
      else await work(db.leases ?? db.kysely);
    } catch (error) {
      // The database blinked: the next pass tries again, well within the lease.
      this.options.logger.warn(
        { err: error, taskIds: runs.map(([taskId]) => taskId) },
        "could not renew running tasks' leases",
      );
      this.again = false;
      this.retryAt = Date.now() + this.options.saveIntervalMs;
      return;
    } finally {
      this.passMs = Date.now() - started;
    }
    this.retryAt = 0;
    if (renew) this.renewedAt = started;
    for (const { taskId, run, reply } of grown) {
      if (!lost.has(taskId)) run.text.committed(reply);
    }
    for (const [taskId, run] of runs) {
      if (held && !held.has(taskId)) lost.add(taskId);
      else if (renew) run.fresh = false;
      // The task ended elsewhere, or another replica took this process for dead and ended it:
      // nobody wants the rest of this run.
      if (lost.has(taskId) && this.runs.get(taskId) === run && !run.ending) {
        this.options.logger.warn({ taskId }, "lost the claim on a running task; stopping it");
        run.cut(runnerStoppedReason);
      } else if (run.text.mayShow(Date.now())) run.release();
    }
  }

  /**
   * Ends the tasks whose runner is gone: on SQLite (one process) every task still running when
   * the server starts; on PostgreSQL those whose lease ran out. Returns how many were ended.
   */
  async sweep(services: CommandServices, atStart = false): Promise<number> {
    const { db } = this.options;
    const rows = await new TaskLeasesRepository(db.kysely, db.dialect).listExpired(
      200,
      atStart && db.dialect === "sqlite",
    );
    let ended = 0;
    const claimant = { runner: this.runnerId, leaseMs: this.options.leaseMs };
    for (const row of rows) {
      if (row.runner === this.runnerId && this.runs.has(row.id)) continue;
      try {
        const done = await endAbandonedTask(services, row, runnerStoppedReason, claimant);
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
