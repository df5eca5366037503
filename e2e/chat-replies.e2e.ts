import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import { agentMessages, openChat, send, unlimitedEnv, waitForReplyDone } from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** Who wrote each reply, and what a stopped reply says about itself. */

async function greeted(page: Page): Promise<void> {
  await agentMessages(page).filter({ hasText: "to see what I can do" }).first().waitFor();
  await waitForReplyDone(page);
}

const toolChip = (page: Page, tool: string) =>
  page.getByRole("list", { name: "Tool calls" }).getByRole("listitem").filter({ hasText: tool });

describe("replies keep their author and their end", () => {
  const suite = useServerAndBrowser(unlimitedEnv);

  it("keeps each reply's agent when another agent is picked, also after a reload", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await greeted(page);
    const agents = page.getByRole("complementary", { name: "Agents" });
    await agents.getByRole("button", { name: "Code Helper" }).click();
    await agents.getByRole("button", { name: "Code Helper", pressed: true }).waitFor();
    // Picking another agent does not relabel what the first one said.
    expect(await agentMessages(page, "Assistant").count()).toBe(1);
    expect(await agentMessages(page, "Code Helper").count()).toBe(0);

    await send(page, "code in python");
    await agentMessages(page, "Code Helper").filter({ hasText: "python" }).first().waitFor();
    await waitForReplyDone(page);
    expect(await agentMessages(page, "Assistant").count()).toBe(1);
    await agentMessages(page, "Code Helper").evaluate((e) => e.scrollIntoView({ block: "start" }));
    await screenshot(page, "replies-two-authors");

    await page.reload();
    await agentMessages(page, "Code Helper").first().waitFor();
    await waitForReplyDone(page);
    await agentMessages(page, "Assistant")
      .filter({ hasText: "to see what I can do" })
      .first()
      .waitFor();
    expect(await agentMessages(page, "Code Helper").count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reads as stopped, its running tool as cancelled, with no raw error artifact", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await greeted(page);
    await send(page, "build the sales report");
    await toolChip(page, "build_report").filter({ hasText: "Running" }).waitFor();
    await page.getByRole("button", { name: "Stop generating" }).click();
    await waitForReplyDone(page);

    const reply = agentMessages(page).last();
    await reply.getByText("Stopped", { exact: true }).waitFor();
    await toolChip(page, "build_report").filter({ hasText: "Cancelled" }).waitFor();
    await screenshot(page, "replies-stopped");
    expect(await page.getByText(/Report cancelled/).count()).toBe(0);
    expect(await page.getByText(/Running/).count()).toBe(0);

    await page.reload();
    await agentMessages(page).last().getByText("Stopped", { exact: true }).waitFor();
    await toolChip(page, "build_report").filter({ hasText: "Cancelled" }).waitFor();
    // Give a late artifact event time to arrive: none may.
    await page.waitForTimeout(2500);
    expect(await page.getByText(/Report cancelled/).count()).toBe(0);
    expect(await page.getByText(/Running/).count()).toBe(0);
    await screenshot(page, "replies-stopped-after-reload");
    expect(errors).toEqual([]);
    await context.close();
  });
});
