import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot } from "./harness/browser.js";
import {
  agentMessages,
  allMessages,
  desktopViewport,
  unlimitedEnv,
  userMessages,
  waitForReplyDone,
  welcomeText,
} from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** Who the tab's in-memory session is, and the conversations the server lists for it. */
async function visitor(page: Page): Promise<{ userId: string; conversations: string[] }> {
  return page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem("auth-storage") ?? "{}") as {
      state?: { accessToken?: string };
    };
    const token = stored.state?.accessToken ?? "";
    const me = (await (
      await fetch("/api/v1/core/me", { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { user_id: string };
    const list = (await (
      await fetch("/api/v1/core/contexts", { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { context_id: string }[] | { data: { context_id: string }[] };
    const contexts = Array.isArray(list) ? list : list.data;
    return { userId: me.user_id, conversations: contexts.map((c) => c.context_id) };
  });
}

/** The conversation id the header shows (its first 8 characters) and the message count. */
async function header(page: Page): Promise<{ id: string; count: string }> {
  const bar = page.getByRole("main").locator("header");
  return {
    id: await bar.getByText(/^ID: /).innerText(),
    count: await bar.getByText(/^\d+ messages?$/).innerText(),
  };
}

/** Waits until the tab shows one welcome exchange, finished. */
async function welcomed(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Conversation: Default Conversation" }).waitFor();
  await userMessages(page).filter({ hasText: welcomeText }).waitFor();
  await agentMessages(page).first().waitFor();
  await waitForReplyDone(page);
}

describe("two tabs opened at once on a first visit", () => {
  const suite = useServerAndBrowser(unlimitedEnv);

  it("end as one visitor with one conversation and one welcome exchange, also after reload", async () => {
    const context = await suite.browser.newContext({ viewport: desktopViewport });
    const [one, two] = await Promise.all([context.newPage(), context.newPage()]);
    const errors = [...collectErrors(one), ...collectErrors(two)];
    await Promise.all([one.goto(`${suite.server.url}/chat`), two.goto(`${suite.server.url}/chat`)]);
    await Promise.all([welcomed(one), welcomed(two)]);
    // Time for a second greeting, were one on its way.
    await one.waitForTimeout(2000);

    const [a, b] = await Promise.all([visitor(one), visitor(two)]);
    expect(b.userId).toBe(a.userId);
    expect(a.conversations).toHaveLength(1);
    for (const page of [one, two]) {
      await expect
        .poll(() => header(page))
        .toEqual({
          id: `ID: ${a.conversations[0]?.slice(0, 8)}`,
          count: "2 messages",
        });
      expect((await allMessages(page)).map((m) => m.author)).toEqual([
        "Your message",
        "Message from Assistant",
      ]);
    }
    await screenshot(one, "one-visitor-first-tab");
    await screenshot(two, "one-visitor-second-tab");

    await Promise.all([one.reload(), two.reload()]);
    await Promise.all([welcomed(one), welcomed(two)]);
    for (const page of [one, two]) {
      expect((await visitor(page)).userId).toBe(a.userId);
      expect(await header(page)).toEqual({
        id: `ID: ${a.conversations[0]?.slice(0, 8)}`,
        count: "2 messages",
      });
      expect(await allMessages(page)).toHaveLength(2);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
