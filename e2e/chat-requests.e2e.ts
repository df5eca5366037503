import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiGet } from "./harness/artifacts.js";
import { screenshot } from "./harness/browser.js";
import {
  agentMessages,
  composer,
  openChat,
  send,
  unlimitedEnv,
  waitForReplyDone,
  watchMostBubbles,
  welcomeText,
} from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** Questions and authorizations of the built-in planner, answered as a new user would. */

const authPanel = (page: Page) => page.getByRole("region", { name: "Authentication Required" });
const inputPanel = (page: Page) => page.getByRole("region", { name: "Input Required" });
const errorBanner = (page: Page) => page.getByRole("alert");

async function ready(page: Page): Promise<void> {
  await agentMessages(page).filter({ hasText: "to see what I can do" }).first().waitFor();
  await waitForReplyDone(page);
}

/**
 * A reloaded page shows its latest message and runs nothing. Not the welcome: the thread is
 * virtualised and opens at its end, so a long one's first messages are not rendered then (a
 * wait for them passed only when it caught the first render, before the scroll).
 */
async function reloaded(page: Page, latest: string): Promise<void> {
  await page.getByRole("log", { name: "Messages" }).getByText(latest).first().waitFor();
  await waitForReplyDone(page);
}

/** The states of the conversation's tasks, as the server stored them. */
async function storedStates(page: Page, url: string): Promise<string[]> {
  const contexts = await apiGet<{ context_id: string }[]>(page, url, "/api/v1/core/contexts");
  const tasks = await apiGet<{ status: { state: string } }[]>(
    page,
    url,
    `/api/v1/core/contexts/${contexts[0]?.context_id}/tasks`,
  );
  return tasks.map((task) => task.status.state);
}

describe("questions and authorizations", () => {
  const suite = useServerAndBrowser(unlimitedEnv);

  it("authorizes, responds and answers in the message box in one session", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await page
      .getByRole("article", { name: "Your message" })
      .filter({ hasText: welcomeText })
      .waitFor();
    await ready(page);
    // Each reply shows in one bubble at every moment, not a streamed and a stored one at once. A
    // slowed page reads its two connections (the reply's stream, the live stream) in either order.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const mostBubbles = await watchMostBubbles(page, [
      "github is now authorized",
      'explore "volcanoes"',
      "Here is a table of fruits.",
    ]);

    // Authorize: the reply ends waiting (not 'AI is responding...'), the box works, one click
    // resumes the same task and it completes.
    await send(page, "connect my github account");
    await authPanel(page).getByText("To connect github, I need your authorization").waitFor();
    await waitForReplyDone(page);
    expect(await composer(page).getAttribute("placeholder")).toBe("Type a message...");
    expect(await composer(page).isEnabled()).toBe(true);
    await screenshot(page, "requests-auth-panel");
    await authPanel(page).getByRole("button", { name: "Authorize" }).click();
    await agentMessages(page).filter({ hasText: "github is now authorized" }).first().waitFor();
    await waitForReplyDone(page);
    await expect
      .poll(() => agentMessages(page).filter({ hasText: "github is now authorized" }).count())
      .toBe(1);
    expect(await authPanel(page).count()).toBe(0);
    expect(await errorBanner(page).count()).toBe(0);
    await screenshot(page, "requests-authorized");

    // Respond in the panel: the answer goes through with no error.
    await send(page, "ask me something");
    await inputPanel(page).getByText("What topic would you like to explore").waitFor();
    await waitForReplyDone(page);
    await inputPanel(page).getByRole("textbox", { name: "Your response" }).fill("volcanoes");
    await inputPanel(page).getByRole("button", { name: "Respond" }).click();
    await agentMessages(page).filter({ hasText: 'explore "volcanoes"' }).first().waitFor();
    await waitForReplyDone(page);
    await expect
      .poll(() => agentMessages(page).filter({ hasText: 'explore "volcanoes"' }).count())
      .toBe(1);
    expect(await inputPanel(page).count()).toBe(0);
    expect(await errorBanner(page).count()).toBe(0);

    // Answer in the normal message box: the waiting task takes it and completes.
    await send(page, "make a table");
    await inputPanel(page).getByText("What should the table be about?").waitFor();
    await waitForReplyDone(page);
    await send(page, "fruits");
    await agentMessages(page).filter({ hasText: "Here is a table of fruits." }).first().waitFor();
    await waitForReplyDone(page);
    await expect
      .poll(() => agentMessages(page).filter({ hasText: "Here is a table of fruits." }).count())
      .toBe(1);
    expect(await inputPanel(page).count()).toBe(0);
    expect(await errorBanner(page).count()).toBe(0);
    await screenshot(page, "requests-answered-in-box");
    expect(await mostBubbles()).toEqual({
      "github is now authorized": 1,
      'explore "volcanoes"': 1,
      "Here is a table of fruits.": 1,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

    // The server agrees: nothing waits, and after a reload no panel comes back.
    expect(await storedStates(page, suite.server.url)).not.toContainEqual(
      expect.stringMatching(/required|working/),
    );
    await page.reload();
    await agentMessages(page).filter({ hasText: "Here is a table of fruits." }).first().waitFor();
    await waitForReplyDone(page);
    await expect
      .poll(() => agentMessages(page).filter({ hasText: "Here is a table of fruits." }).count())
      .toBe(1);
    expect(await inputPanel(page).count()).toBe(0);
    expect(await authPanel(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("authorizes and answers after a reload", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await ready(page);

    await send(page, "sign in to the calendar");
    await authPanel(page).waitFor();
    await waitForReplyDone(page);
    await page.reload();
    await reloaded(page, "sign in to the calendar");
    await authPanel(page).getByText("To connect the calendar").waitFor();
    await screenshot(page, "requests-auth-after-reload");
    // The answered task's reply streams into one bubble while the reloaded page also holds the
    // task's stored question: at no moment two bubbles with the reply.
    const mostAuthorized = await watchMostBubbles(page, ["the calendar is now authorized"]);
    await authPanel(page).getByRole("button", { name: "Authorize" }).click();
    await agentMessages(page)
      .filter({ hasText: "the calendar is now authorized" })
      .first()
      .waitFor();
    await waitForReplyDone(page);
    await expect
      .poll(() => agentMessages(page).filter({ hasText: "the calendar is now authorized" }).count())
      .toBe(1);
    expect(await authPanel(page).count()).toBe(0);
    expect(await errorBanner(page).count()).toBe(0);
    expect(await mostAuthorized()).toEqual({ "the calendar is now authorized": 1 });

    // A question left open over a reload is answered through the normal message box.
    await send(page, "chart please");
    await inputPanel(page).getByText("What should the chart show?").waitFor();
    await waitForReplyDone(page);
    await page.reload();
    await reloaded(page, "chart please");
    await inputPanel(page).waitFor();
    const mostCharts = await watchMostBubbles(page, ["Here is a chart of visitors."]);
    await send(page, "visitors");
    await agentMessages(page).filter({ hasText: "Here is a chart of visitors." }).first().waitFor();
    await waitForReplyDone(page);
    await expect
      .poll(() => agentMessages(page).filter({ hasText: "Here is a chart of visitors." }).count())
      .toBe(1);
    expect(await inputPanel(page).count()).toBe(0);
    expect(await errorBanner(page).count()).toBe(0);
    expect(await mostCharts()).toEqual({ "Here is a chart of visitors.": 1 });
    await page.reload();
    await reloaded(page, "Here is a chart of visitors.");
    expect(await inputPanel(page).count()).toBe(0);
    expect(await storedStates(page, suite.server.url)).not.toContainEqual(
      expect.stringMatching(/required|working/),
    );
    await screenshot(page, "requests-answered-after-reload");
    expect(errors).toEqual([]);
    await context.close();
  });
});
