import { describe, expect, it } from "vitest";
import { collectErrors, screenshot } from "./harness/browser.js";
import { useServerAndBrowser } from "./harness/suite.js";

describe("the built app in Chromium", () => {
  const suite = useServerAndBrowser();

  it("loads / and opens the chat, which reaches the server", async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = collectErrors(page);

    const response = await page.goto(`${suite.server.url}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain(
      "Chat with AI agents",
    );
    expect(await page.title()).toBe("A2A Chat: chat with AI agents and the tools they use");
    await screenshot(page, "home");

    await page.getByRole("link", { name: "Start chatting" }).click();
    await page.waitForURL(`${suite.server.url}/chat`);
    // The header's server status; other live regions (the tools column's loading line) may show too.
    const status = page.getByRole("status").filter({ hasText: "online" });
    await status.waitFor();
    expect(await status.textContent()).toContain("sqlite");
    await screenshot(page, "chat");

    expect(errors).toEqual([]);
    await page.close();
  });

  it("serves the app on a deep link and the API as JSON", async () => {
    const page = await suite.browser.newPage();
    const deep = await page.goto(`${suite.server.url}/chat`);
    expect(deep?.status()).toBe(200);
    expect(deep?.headers()["cache-control"]).toBe("no-cache");
    await page.getByRole("button", { name: "Conversation: Default Conversation" }).waitFor();

    const api = await page.goto(`${suite.server.url}/api/does-not-exist`);
    expect(api?.status()).toBe(404);
    expect(api?.headers()["content-type"]).toContain("application/json");
    await page.close();
  });
});
