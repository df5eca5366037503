import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiGet } from "./harness/artifacts.js";
import { screenshot } from "./harness/browser.js";
import {
  agentMessages,
  headerCount,
  openChat,
  send,
  unlimitedEnv,
  userMessages,
  waitForReplyDone,
} from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** Editing a later message of a task (an answer to the agent's question) and the header's count. */

const inputPanel = (page: Page) => page.getByRole("region", { name: "Input Required" });
const branches = (page: Page, text: string) =>
  userMessages(page).filter({ hasText: text }).getByRole("navigation", { name: "Branches" });

async function ready(page: Page): Promise<void> {
  await agentMessages(page).filter({ hasText: "to see what I can do" }).first().waitFor();
  await waitForReplyDone(page);
}

/** The conversation's message count as the server keeps it (every branch). */
async function storedCount(page: Page, url: string): Promise<number> {
  const contexts = await apiGet<{ message_count: number }[]>(page, url, "/api/v1/core/contexts");
  return contexts[0]?.message_count ?? -1;
}

describe("edit a later message of a task", () => {
  const suite = useServerAndBrowser(unlimitedEnv);

  it("forks the task at the edited answer, keeps both, and counts the branch shown", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await ready(page);
    // One task, two turns of yours: the question back, answered in the message box.
    await send(page, "ask me something");
    await inputPanel(page).getByText("What topic would you like to explore").waitFor();
    await waitForReplyDone(page);
    await send(page, "volcanoes");
    await agentMessages(page).filter({ hasText: 'explore "volcanoes"' }).first().waitFor();
    await waitForReplyDone(page);
    // The greeting and its answer, the request, the question, the answer and the reply.
    await expect.poll(() => headerCount(page)).toBe(6);

    // Edit the answer (the task's second message of yours): the task forks there.
    const answer = userMessages(page).filter({ hasText: "volcanoes" });
    await answer.getByRole("button", { name: "Edit" }).click();
    const box = page.getByRole("textbox", { name: "Edit message" });
    await box.fill("oceans");
    await box.press("Enter");
    // The agent sees the branch: its question, then the new answer (not the old one).
    await agentMessages(page).filter({ hasText: 'explore "oceans"' }).first().waitFor();
    await waitForReplyDone(page);
    expect(await userMessages(page).filter({ hasText: "volcanoes" }).count()).toBe(0);
    expect(await agentMessages(page).filter({ hasText: 'explore "volcanoes"' }).count()).toBe(0);
    expect(await userMessages(page).filter({ hasText: "ask me something" }).count()).toBe(1);
    await expect.poll(() => branches(page, "oceans").innerText()).toMatch(/2\s*\/\s*2/);
    // The server keeps both branches (8 messages); the header counts the one shown.
    await expect.poll(() => storedCount(page, suite.server.url)).toBe(8);
    await expect.poll(() => headerCount(page)).toBe(6);
    await screenshot(page, "edit-later-message");

    // ‹ shows the task whole again, the old answer and its reply.
    await branches(page, "oceans").getByRole("button", { name: "Previous branch" }).click();
    await agentMessages(page).filter({ hasText: 'explore "volcanoes"' }).first().waitFor();
    expect(await userMessages(page).filter({ hasText: "oceans" }).count()).toBe(0);
    expect(await branches(page, "volcanoes").innerText()).toMatch(/1\s*\/\s*2/);
    await expect.poll(() => headerCount(page)).toBe(6);

    // The choice is stored: a reload shows the same branch, and › goes back to the edit.
    await page.reload();
    await agentMessages(page).filter({ hasText: 'explore "volcanoes"' }).first().waitFor();
    expect(await userMessages(page).filter({ hasText: "oceans" }).count()).toBe(0);
    await branches(page, "volcanoes").getByRole("button", { name: "Next branch" }).click();
    await agentMessages(page).filter({ hasText: 'explore "oceans"' }).first().waitFor();
    expect(await agentMessages(page).filter({ hasText: 'explore "volcanoes"' }).count()).toBe(0);
    await expect.poll(() => headerCount(page)).toBe(6);
    expect(errors).toEqual([]);
    await context.close();
  });
});
