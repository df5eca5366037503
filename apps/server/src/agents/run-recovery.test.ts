import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TaskState } from "@a2a-js/sdk";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteFileName } from "../db/database.js";
import { runnerStoppedReason } from "../tasks/end-abandoned-task.js";
import {
  expectDrained,
  expectTurnRefused,
  readReply,
  remoteUser,
  stateOf,
  textParts,
  waitFor,
} from "../test/remote-chat.js";
import { type ServerProcess, startServerProcess } from "../test/server-process.js";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "./providers/fake-openai-server.js";

/**
 * A real server process (SQLite) killed or stopped in the middle of a reply. The model is a fake
 * OpenAI-compatible server in this process: "endless" streams until the client goes away,
 * "held" pauses after a few words until the test lets it go. Every wait is on a condition
 * (the saved text, a log line, the process's exit), never on a fixed sleep.
 */

const heldChunks = ["Drained ", "replies ", "finish ", "in ", "time."];
let release: () => void = () => {};
let held: Promise<void> = Promise.resolve();

/** The last user message's text, however the provider shaped it. */
function lastUserText(request: FakeChatRequest): string {
  const user = request.body.messages.filter((m) => m.role === "user").at(-1);
  return JSON.stringify(user?.content ?? "");
}

function script(request: FakeChatRequest): FakeReply {
  if (lastUserText(request).includes("held")) {
    return {
      kind: "text",
      chunks: heldChunks,
      usage: { prompt_tokens: 1, completion_tokens: heldChunks.length },
      hold: { after: 2, until: held },
    };
  }
  return { kind: "endless-text", intervalMs: 20 };
}

/** The reply text the server saved for a task, read from the SQLite file beside it. */
function savedReply(dataDir: string, taskId: string): string | undefined {
  if (taskId === "") return undefined;
  const db = new SqliteDatabase(join(dataDir, sqliteFileName), { readonly: true });
  try {
    const row = db.prepare("select reply_text from tasks where id = ?").get(taskId) as
      | { reply_text: string | null }
      | undefined;
    return row?.reply_text ?? undefined;
  } finally {
    db.close();
  }
}

describe("a reply whose server dies or shuts down (SQLite)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-recovery-"));
  let fake: FakeOpenAiServer;
  const servers: ServerProcess[] = [];
  const env = () => ({
    DATA_DIR: dataDir,
    WEB_DIR: join(dataDir, "none"),
    OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
    OPENAI_COMPATIBLE_MODEL: "fake",
    RUN_REPLY_SAVE_MS: "200",
    DRAIN_TIMEOUT_MS: "5000",
    RATE_LIMIT_SESSIONS_PER_IP: "0",
    RATE_LIMIT_API_PER_USER: "0",
    LOG_LEVEL: "info",
  });
  const start = async () => {
    const server = await startServerProcess(env());
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    fake = await startFakeOpenAiServer(script);
  });
  afterAll(async () => {
    for (const server of servers) await server.kill("SIGKILL");
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let user: Awaited<ReturnType<typeof remoteUser>>;
  let contextId = "";

  it("killed mid-reply: at restart the task fails with the text so far and a reason, on the live stream too", async () => {
    const first = await start();
    user = await remoteUser(first.url);
    contextId = await user.createContext();
    const live = await user.stream();
    const lastId = (await live.next(10_000)).id;
    await live.close();

    const reply = readReply(await user.client(), contextId, "endless");
    // Some words streamed and were saved (at the save interval, not per word).
    const saved = await waitFor("the saved reply", () => {
      const text = savedReply(dataDir, reply.taskId);
      return text && text.length >= "tick ".length * 5 ? text : undefined;
    });
    await first.kill("SIGKILL");
    await reply.ended;

    const second = await start();
    const task = await user.task(reply.taskId, second.url);
    expect(task.status.state).toBe("failed");
    expect(task.history.map((m) => m.role)).toEqual(["user", "agent"]);
    const [text, reason] = textParts(task, 1);
    expect(text?.startsWith(saved)).toBe(true);
    expect(text).toMatch(/^(tick )+$/);
    expect(reason).toBe(`\n\n${runnerStoppedReason}`);
    expect(task.status.message?.parts).toEqual(task.history[1]?.parts);

    // A client resuming its live stream learns the task ended.
    const resumed = await user.stream(second.url, lastId);
    await waitFor("task_completed on the live stream", async () => {
      const event = await resumed.next(20_000);
      const data = event.envelope.data as { task_id?: string; status?: string };
      return event.event === "task_completed" && data.task_id === reply.taskId
        ? data.status
        : undefined;
    }).then((status) => expect(status).toBe("failed"));
    await resumed.close();
  }, 120_000);

  it("SIGTERM: new turns are refused, running ones may finish within the window, the rest end with their text", async () => {
    const server = await start();
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const client = await user.client(server.url);
    const endless = readReply(client, contextId, "endless");
    const finishing = readReply(client, await user.createContext(server.url), "held");
    await waitFor("both replies streaming", () =>
      savedReply(dataDir, endless.taskId) && finishing.text !== "" ? true : undefined,
    );

    const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await waitFor("the drain", () =>
      server.output().includes("waiting for running replies to finish") ? true : undefined,
    );
    await expectTurnRefused(server.url, user);

    release();
    await finishing.ended;
    expect(finishing.text).toBe(heldChunks.join(""));
    expect(stateOf(finishing.events.at(-1) ?? {})).toBe(TaskState.TASK_STATE_COMPLETED);
    await endless.ended;
    // The client following the cut reply got its end: failed, the text so far and the reason.
    expect(stateOf(endless.events.at(-1) ?? {})).toBe(TaskState.TASK_STATE_FAILED);
    expect(await exited).toBe(0);
    await expectDrained({
      output: server.output(),
      user,
      servedBy: (await start()).url,
      cut: endless,
      finished: finishing,
      finishedText: heldChunks.join(""),
    });
  }, 120_000);
});
