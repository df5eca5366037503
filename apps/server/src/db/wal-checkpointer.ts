import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** What `PRAGMA wal_checkpoint` reports: whether it was blocked, WAL frames, frames copied. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/** Copies a SQLite file's write-ahead log into the database from a thread of its own. */
export interface WalCheckpointer {
  /** Runs a checkpoint now (starting the thread if needed) and resolves with its result. */
  checkpoint(): Promise<CheckpointResult>;
  /** Stops the timer and the thread; resolves once the thread has closed its connection. */
  close(): Promise<void>;
}

// The thread's code: its own connection to the file, a PASSIVE checkpoint per request (it
// neither waits for nor blocks the server's readers and writers), and the result sent back.
const threadSource = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ result: checkpoint.get() });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
});
`;

const driverPath = createRequire(import.meta.url).resolve("better-sqlite3");

/**
 * Checkpoints the WAL of a SQLite file every `everyMs` from a worker thread, so the server's
 * connection can run with `wal_autocheckpoint = 0`: by default SQLite checkpoints inside the
 * commit that grows the log past 1,000 pages, copying pages into the database file and syncing
 * both files in the event loop's thread, a stall for every request that waits behind it. The
 * thread starts at the first checkpoint (a short-lived database never starts one) and does not
 * keep the process alive. Should it fail, `onFailure` is called once (the caller turns SQLite's
 * own checkpoints back on) and no further checkpoint is attempted.
 */
export function startWalCheckpointer(
  file: string,
  options: {
    everyMs: number;
    onFailure: (error: Error) => void;
    /** Asked before each timed checkpoint: true skips it (the disk's last room is for deletes). */
    hold?: () => boolean;
  },
): WalCheckpointer {
  let worker: Worker | undefined;
  let failed = false;
  let closed = false;
  const waiting: { resolve(r: CheckpointResult): void; reject(e: Error): void }[] = [];
  const fail = (error: Error) => {
    if (failed) return;
    failed = true;
    clearInterval(timer);
    for (const w of waiting.splice(0)) w.reject(error);
    options.onFailure(error);
  };
  const thread = (): Worker => {
    if (worker) return worker;
    const started = new Worker(threadSource, {
      eval: true,
      workerData: { file, driver: driverPath },
    });
    started.unref();
    started.on("message", (message: { result?: CheckpointResult; error?: string }) => {
      const next = waiting.shift();
      if (message.result) next?.resolve(message.result);
      else next?.reject(new Error(message.error ?? "checkpoint failed"));
    });
    started.on("error", (error) => fail(error));
    started.on("exit", (code) => {
      if (!closed) fail(new Error(`the WAL checkpoint thread exited (${code})`));
    });
    worker = started;
    return started;
  };
  const checkpoint = (): Promise<CheckpointResult> => {
    if (failed || closed) return Promise.reject(new Error("the WAL checkpointer is stopped"));
    return new Promise<CheckpointResult>((resolve, reject) => {
      waiting.push({ resolve, reject });
      thread().postMessage("checkpoint");
    });
  };
  const timer = setInterval(() => {
    // One at a time: a checkpoint still running (a slow disk) is not queued behind.
    if (waiting.length > 0 || options.hold?.()) return;
    checkpoint().catch(() => {});
  }, options.everyMs);
  timer.unref();
  return {
    checkpoint,
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      const running = worker;
      if (!running || failed) return;
      const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
      // The thread is unref'd so it never holds the process open; while it closes, it must: else
      // a shutdown with nothing else left running ended here, before the database was closed and
      // "shutdown complete" logged (exit code 0, the rest of the shutdown skipped).
      running.ref();
      running.postMessage("close");
      await exited;
      for (const w of waiting.splice(0)) w.reject(new Error("the WAL checkpointer is stopped"));
    },
  };
}
