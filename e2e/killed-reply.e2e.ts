import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import SqliteDatabase from "better-sqlite3";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteFileName } from "../apps/server/src/db/database.js";
import { type ServerProcess, startServerProcess } from "../apps/server/src/test/server-process.js";
import { screenshot, workerChromium } from "./harness/browser.js";
import {
  agentMessages,
  composer,
  desktopViewport,
  send,
  unlimitedEnv,
  waitForReplyDone,
  waitForTextLength,
} from "./harness/chat.js";
import { type FakeTokenProvider, startFakeTokenProvider } from "./harness/fake-model.js";
import { startTcpRelay, type TcpRelay } from "./harness/tcp-relay.js";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const portOf = (server: ServerProcess) => Number(new URL(server.url).port);

/** How many running tasks have a saved reply in the server's SQLite file. */
function savedReplies(dataDir: string): number {
  const db = new SqliteDatabase(join(dataDir, sqliteFileName), { readonly: true });
  try {
    const row = db
      .prepare(
        "select count(*) as n from tasks where reply_text is not null and runner is not null",
      )
      .get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

/** The fake model's numbered tokens ("t0 t1 …") in a message's text, as numbers. */
const tokensOf = (text: string) => [...text.matchAll(/\bt(\d+)\b/g)].map((m) => Number(m[1]));

/** What a reply says when its server died under it (apps/server/src/tasks/end-abandoned-task.ts). */
const stoppedReason =
  "The server running this reply stopped; the text so far was kept. Retry to continue.";

describe("a reply whose server is killed mid-way", () => {
  let browser: Browser;
  let provider: FakeTokenProvider;
  let relay: TcpRelay;
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-e2e-killed-"));
  const start = (saveMs = "200") =>
    startServerProcess(
      {
        ...unlimitedEnv,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        RUN_REPLY_SAVE_MS: saveMs,
        OPENAI_COMPATIBLE_BASE_URL: provider.baseUrl,
        OPENAI_COMPATIBLE_MODEL: "fake-e2e",
      },
      { built: true, cwd: repoRoot },
    );

  /** Starts a server behind the relay and opens the chat through it, ready for a message. */
  const serveAndOpen = async (saveMs?: string) => {
    server = await start(saveMs);
    relay.target(portOf(server));
    const context = await browser.newContext({ viewport: desktopViewport });
    const page = await context.newPage();
    // The live stream retries a down server every minute after its quick reconnects: the page's
    // clock is moved forward instead of waiting for it.
    await page.clock.install();
    await page.goto(`${relay.url}/chat`);
    await page.getByRole("button", { name: "Conversation: Default Conversation" }).waitFor();
    await waitForReplyDone(page);
    return { context, page };
  };

  /** SIGKILLs the server; the relay answers nothing until a new one starts. */
  const crash = async () => {
    await server?.kill("SIGKILL");
    server = undefined;
    relay.target(undefined);
  };

  /**
   * Starts a server on the same data (the crash left the task running): it ends the task as
   * failed with the saved text, and the page learns it. Resolves once `reply` shows the reason.
   */
  const restartUntilEnded = async (page: Page, reply: () => Locator, saveMs?: string) => {
    server = await start(saveMs);
    relay.target(portOf(server));
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(61_000);
          return (await reply().innerText()).includes(stoppedReason);
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(true);
  };

  beforeAll(async () => {
    provider = await startFakeTokenProvider();
    relay = await startTcpRelay();
    browser = await workerChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.kill("SIGTERM");
    await relay?.close();
    await provider?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The page talks to a relay the test holds; the server behind it is SIGKILLed and a new one
  // starts on the same data, as a crash and a restart would.
  it("frees the composer, keeps the text so far, and after the restart shows the reason, also on reload", async () => {
    const { context, page } = await serveAndOpen();

    // About a minute of reply: it is nowhere near its end when the server dies.
    await send(page, "tokens:3000 tag:killed gapMs:20");
    const reply = agentMessages(page).last();
    await waitForTextLength(reply, 200);
    // Wait until the server saved some of it (every 200 ms here), then kill it.
    await page.waitForTimeout(600);
    const shown = (await reply.innerText()).trim();
    await crash();

    // Nobody runs the reply now: the page stops waiting for it and the composer is free again.
    await waitForReplyDone(page, 30_000);
    expect(await composer(page).isEnabled()).toBe(true);
    const kept = (await reply.innerText()).trim();
    expect(kept.length).toBeGreaterThanOrEqual(200);
    await screenshot(page, "killed-reply-server-down");

    // The server comes back: it ends the task as failed, keeping the saved text.
    await restartUntilEnded(page, () => reply);
    // The text kept is what the server had saved: the tokens from t0 on, in order, at least
    // as many as the first save held and at most what the model had written.
    const ended = tokensOf(await reply.innerText());
    expect(ended.length).toBeGreaterThan(0);
    expect(ended).toEqual(ended.map((_, i) => i));
    const shownTokens = tokensOf(shown);
    const common = Math.min(ended.length, shownTokens.length);
    expect(ended.slice(0, common)).toEqual(shownTokens.slice(0, common));
    await screenshot(page, "killed-reply-ended");

    // A reload shows the same, and the user can go on.
    await page.reload();
    await agentMessages(page).last().getByText(stoppedReason).waitFor();
    await waitForReplyDone(page);
    await send(page, "hello again");
    await waitForReplyDone(page);
    await agentMessages(page).last().getByText("Hello from the fake model.").waitFor();
    await context.close();
  }, 240_000);

  // Killed within its first second, before the timer's first save: the first words were saved
  // on their own, so the ended reply keeps them, in the same bubble, not beside it.
  it("keeps a reply's first words when its server is killed in the reply's first second", async () => {
    await server?.kill("SIGTERM");
    // A save interval far beyond the test: only the first-words save can keep anything.
    const { context, page } = await serveAndOpen("60000");

    await send(page, "tokens:3000 tag:early gapMs:20");
    const reply = agentMessages(page).last();
    await waitForTextLength(reply, 10);
    // Killed once the first-words save (50 ms after them) has committed: with a 60 s interval only
    // it can have saved anything. Waited for, not slept on: at a load of 40 it took more than the
    // 300 ms this test used to sleep.
    await expect.poll(() => savedReplies(dataDir), { timeout: 15_000, interval: 50 }).toBe(1);
    const bubbles = await agentMessages(page).count();
    await crash();
    await waitForReplyDone(page, 30_000);

    await restartUntilEnded(page, () => agentMessages(page).last(), "60000");
    expect(await agentMessages(page).count()).toBe(bubbles);
    const ended = tokensOf(await agentMessages(page).last().innerText());
    expect(ended.length).toBeGreaterThan(0);
    expect(ended).toEqual(ended.map((_, i) => i));

    await page.reload();
    await agentMessages(page).last().getByText(stoppedReason).waitFor();
    expect(tokensOf(await agentMessages(page).last().innerText())).toEqual(ended);
    await screenshot(page, "killed-reply-first-second");
    await context.close();
  }, 240_000);
});
