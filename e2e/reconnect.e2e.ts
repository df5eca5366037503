import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../apps/server/src/test/server-process.js";
import { launchChromium, screenshot } from "./harness/browser.js";
import { desktopViewport } from "./harness/chat.js";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** The built server on a given port and data dir, so it can be stopped and started again. */
function startOn(dataDir: string, port?: number): Promise<ServerProcess> {
  return startServerProcess(
    { DATA_DIR: dataDir, LOG_LEVEL: "warn", ...(port ? { PORT: String(port) } : {}) },
    { built: true, cwd: repoRoot },
  );
}

const streamStatus = (page: Page) => page.locator("[data-stream-status]");

/** Attempts to open the live stream, as the browser made them. */
function streamRequests(page: Page): { lastEventIds: (string | undefined)[]; failed: number } {
  const seen = { lastEventIds: [] as (string | undefined)[], failed: 0 };
  page.on("request", (request) => {
    if (request.url().endsWith("/api/v1/stream/contexts"))
      seen.lastEventIds.push(request.headers()["last-event-id"]);
  });
  page.on("requestfailed", (request) => {
    if (request.url().endsWith("/api/v1/stream/contexts")) seen.failed += 1;
  });
  return seen;
}

describe("the chat after a server outage", () => {
  let browser: Browser;
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-e2e-outage-"));

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Quarantined: passed alone (17 s) but failed once in the full e2e run at a3ef12c; to be
  // made robust (see the closing note of 2026-11-24) before it runs in CI again.
  it.skip("says the server is down, keeps trying past the quick reconnects, and catches up when it is back", async () => {
    server = await startOn(dataDir);
    const port = Number(new URL(server.url).port);
    const context = await browser.newContext({ viewport: { ...desktopViewport, width: 1440 } });
    const page = await context.newPage();
    // The page's timers run on a clock the test can move forward: the quick reconnects take a
    // minute and the slow ones come a minute apart, far too long to wait for in real time.
    await page.clock.install();
    const stream = streamRequests(page);
    await page.goto(`${server.url}/chat`);
    await page.getByRole("button", { name: "Conversation: Default Conversation" }).waitFor();
    await page.locator('[data-stream-status="connected"]').waitFor();
    await page.getByText(/Server .* online/).waitFor();

    await server.kill("SIGTERM");
    server = undefined;
    await page.getByText(/^Server unreachable: /).waitFor();
    expect(await page.getByText(/Server .* online/).count()).toBe(0);
    await page.locator('[data-stream-status="error"]').waitFor();
    await screenshot(page, "outage-server-down");

    // The first drop, the spec's 5 quick reconnects and two slow ones: each fails at once.
    for (let failed = stream.failed; failed < 8; failed = stream.failed) {
      await page.clock.fastForward(61_000);
      await expect.poll(() => stream.failed, { timeout: 10_000 }).toBeGreaterThan(failed);
    }
    expect(await streamStatus(page).getAttribute("data-stream-status")).toBe("error");
    await page.getByText("Live error · reconnecting").waitFor();
    await screenshot(page, "outage-still-trying");

    // Back, with a change made while this tab was away (here: another tab of the same user).
    server = await startOn(dataDir, port);
    const token = await page.evaluate(
      () =>
        (
          JSON.parse(window.localStorage.getItem("auth-storage") ?? "{}") as {
            state?: { accessToken?: string };
          }
        ).state?.accessToken,
    );
    const created = await fetch(`${server.url}/api/v1/core/contexts`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Written during the outage" }),
    });
    expect(created.status).toBe(201);

    const attempts = stream.lastEventIds.length;
    await page.clock.fastForward(61_000);
    await page.locator('[data-stream-status="connected"]').waitFor({ timeout: 15_000 });
    await page.getByText(/Server .* online/).waitFor({ timeout: 15_000 });
    // Resumed where it left off, not from a fresh snapshot: the missed event arrived as such.
    const resumedWith = stream.lastEventIds.at(-1);
    expect(stream.lastEventIds.length).toBeGreaterThan(attempts);
    expect(resumedWith).toMatch(/^\d+$/);
    await page.getByRole("button", { name: "Conversation: Default Conversation" }).click();
    await page
      .getByRole("list", { name: "Conversations" })
      .getByText("Written during the outage")
      .waitFor();
    // The tools column lists the servers again (what it listed during the outage was stale).
    await page
      .getByRole("list", { name: "Tool servers" })
      .getByRole("button", { name: "analytics", exact: true })
      .waitFor({ timeout: 15_000 });
    await screenshot(page, "outage-recovered");
    await context.close();
  });
});
