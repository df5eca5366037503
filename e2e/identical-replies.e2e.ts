import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import {
  agentMessages,
  allMessages,
  composer,
  headerCount,
  openChat,
  unlimitedEnv,
  userMessages,
  waitForReplyDone,
  welcomeText,
} from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/**
 * A first visit where the user says "hello" about a second after the welcome reply starts: the
 * planner answers "hello" with the very words it greeted with.
 */
async function helloDuringWelcome(browser: Browser, url: string, shot: string) {
  const { context, page, errors } = await openChat(browser, url);
  await userMessages(page).filter({ hasText: welcomeText }).waitFor();
  await agentMessages(page).first().waitFor();
  await page.waitForTimeout(1000);
  // The reply to "hello" reaches the page only after the live stream told of it (as on a busy
  // machine): its stored copy comes first, while its bubble knows nothing yet.
  let held = 0;
  await context.route(/\/api\/v1\/agents\//, async (route) => {
    if (!route.request().postData()?.includes('"text":"hello"')) return route.fallback();
    held += 1;
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.fulfill({ response });
  });
  // Enter: sent at once if the welcome reply ended, else queued and sent when it ends.
  const box = composer(page);
  await box.fill("hello");
  await box.press("Enter");
  await userMessages(page).nth(1).getByText("hello", { exact: true }).waitFor();
  await agentMessages(page).nth(1).waitFor();
  await waitForReplyDone(page);
  expect(held).toBe(1);
  await expect.poll(() => headerCount(page)).toBe(4);
  const shown = await allMessages(page);
  await screenshot(page, shot);
  expect(shown.map((m) => m.author)).toEqual([
    "Your message",
    "Message from Assistant",
    "Your message",
    "Message from Assistant",
  ]);
  // Both answers say the same, and both are there.
  expect(shown[3]?.text.split("\n").at(-1)).toBe(shown[1]?.text.split("\n").at(-1));
  return { context, page, errors };
}

describe("two equal answers", () => {
  const suite = useServerAndBrowser(unlimitedEnv);

  it("are two messages: 4 counted, 4 shown, also after a reload", async () => {
    const { context, page, errors } = await helloDuringWelcome(
      suite.browser,
      suite.server.url,
      "identical-replies",
    );
    await page.reload();
    await agentMessages(page).nth(1).waitFor();
    await waitForReplyDone(page);
    expect(await headerCount(page)).toBe(4);
    expect(await allMessages(page)).toHaveLength(4);
    expect(errors).toEqual([]);
    await context.close();
  });
});
