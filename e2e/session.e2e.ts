import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot } from "./harness/browser.js";
import { startBuiltServer } from "./harness/server.js";
import { useServerAndBrowser } from "./harness/suite.js";

interface StoredAuth {
  state: { userId: string | null; accessToken: string | null; userType: string | null };
}

async function storedAuth(context: BrowserContext): Promise<StoredAuth["state"]> {
  const page = context.pages()[0];
  if (!page) throw new Error("no page");
  const raw = await page.evaluate(() => window.localStorage.getItem("auth-storage"));
  if (!raw) throw new Error("auth-storage is empty");
  return (JSON.parse(raw) as StoredAuth).state;
}

describe("anonymous sessions in Chromium", () => {
  const suite = useServerAndBrowser();

  it("gives a new browser profile an anonymous session, kept across a reload", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    let tokenCalls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/core/oauth/session")) tokenCalls++;
    });

    await page.goto(`${suite.server.url}/chat`);
    const userButton = page.getByRole("button", { name: /Anonymous/ });
    await userButton.waitFor();
    expect(await userButton.textContent()).toContain("Guest");
    expect(tokenCalls).toBe(1);

    const auth = await storedAuth(context);
    expect(auth.userType).toBe("anon");
    expect(auth.userId).toMatch(/^[0-9a-f-]{36}$/);
    // The stored token is a real one: the server knows whose it is.
    const me = await fetch(`${suite.server.url}/api/v1/core/me`, {
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user_id: string }).user_id).toBe(auth.userId);
    await screenshot(page, "session-chat");

    await page.reload();
    await page.getByRole("button", { name: /Anonymous/ }).waitFor();
    expect((await storedAuth(context)).userId).toBe(auth.userId);
    expect(tokenCalls).toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the failure screen when the server refuses the first try and three retries", async () => {
    // A real server whose per-IP session limit is already used up answers every call with 429.
    // A day-long window keeps the limit from resetting mid-test at a window boundary.
    const strict = await startBuiltServer({
      RATE_LIMIT_SESSIONS_PER_IP: "1",
      RATE_LIMIT_WINDOW_SECONDS: "86400",
    });
    try {
      const used = await fetch(`${strict.url}/api/v1/core/oauth/session`, { method: "POST" });
      expect(used.status).toBe(200);

      const context = await suite.browser.newContext();
      const page = await context.newPage();
      const statuses: number[] = [];
      page.on("response", (response) => {
        if (response.url().endsWith("/api/v1/core/oauth/session")) statuses.push(response.status());
      });

      await page.goto(`${strict.url}/chat`);
      await page.getByRole("heading", { name: "Initializing" }).waitFor();
      await page.getByText("Retrying authentication (1/3)...").waitFor();
      await page.getByText("Retrying authentication (3/3)...").waitFor({ timeout: 15_000 });
      await page
        .getByRole("heading", { name: "Authentication Failed" })
        .waitFor({ timeout: 15_000 });
      await page
        .getByText("Failed to initialize authentication. Please refresh the page.")
        .waitFor();
      expect(await page.getByRole("button", { name: "Refresh Page" }).isVisible()).toBe(true);
      expect(statuses).toEqual([429, 429, 429, 429]);
      await screenshot(page, "session-failed");
      await context.close();
    } finally {
      await strict.stop();
    }
  });
});
