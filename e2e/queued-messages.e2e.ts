import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import {
  agentMessages,
  composer,
  openChat,
  send,
  texts,
  useFakeModelServerAndBrowser,
  userMessages,
  waitForReplyDone,
  waitForTextLength,
} from "./harness/chat.js";

/** A reply of the fake model that streams for several seconds. */
const longPrompt = "markdown:6 gapMs:60";

describe("queueing a message while a reply streams", () => {
  const suite = useFakeModelServerAndBrowser();

  it("shows it as queued, lets it be removed, and sends it when the reply ends", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await waitForReplyDone(page);
    await send(page, longPrompt);
    await waitForTextLength(agentMessages(page).nth(1), 20);

    // Enter while the reply streams: the box empties and the message waits, marked 'Queued'.
    const box = composer(page);
    const queue = page.getByRole("region", { name: "Queued messages" });
    await box.fill("and a summary please");
    await box.press("Enter");
    await box.fill("never mind this one");
    await box.press("Enter");
    expect(await box.inputValue()).toBe("");
    await queue.getByText("never mind this one").waitFor();
    expect(await queue.getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringContaining("and a summary please"),
      expect.stringContaining("never mind this one"),
    ]);
    expect(await queue.getByText("Queued", { exact: true }).count()).toBe(2);
    expect(await page.getByRole("button", { name: "Stop generating" }).count()).toBe(1);
    await screenshot(page, "queued-while-streaming");

    // Removed: it never goes out.
    await queue.getByRole("button", { name: "Remove queued message: never mind this one" }).click();
    await expect.poll(() => queue.getByRole("listitem").count()).toBe(1);
    expect(await userMessages(page).count()).toBe(2);

    // The reply ends; the queued message goes out after it, and gets its own reply.
    await userMessages(page).nth(2).getByText("and a summary please").waitFor({ timeout: 60_000 });
    await queue.waitFor({ state: "detached" });
    await agentMessages(page).nth(2).waitFor();
    await waitForReplyDone(page, 60_000);
    const sent = await texts(userMessages(page));
    expect(sent).toHaveLength(3);
    expect(sent[1]).toContain(longPrompt);
    expect(sent[2]).toContain("and a summary please");
    expect(sent.join("\n")).not.toContain("never mind this one");
    // It went out after the reply it waited for had ended: that reply is whole.
    expect(await agentMessages(page).nth(1).innerText()).toContain("Paragraph 6");
    await screenshot(page, "queued-sent-after-reply");
    expect(errors).toEqual([]);
    await context.close();
  });
});
