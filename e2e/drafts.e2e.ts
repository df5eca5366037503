import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import { composer, waitForReplyDone } from "./harness/chat.js";
import { openSignedInChat } from "./harness/passkeys.js";
import { useServerAndBrowser } from "./harness/suite.js";

describe("drafts per conversation", () => {
  const suite = useServerAndBrowser();

  it("keeps unsent text and files with the conversation they were written in", async () => {
    // Signed in: the conversations dropdown is for accounts.
    const { context, page, errors } = await openSignedInChat(suite.browser, suite.server.url, {
      username: "drafter",
      email: "drafter@example.com",
    });
    await waitForReplyDone(page);
    const box = composer(page);
    const chips = page.getByRole("list", { name: "Attached files" });
    const trigger = page.getByRole("button", { name: /^Conversation: / });

    await box.fill("Half-written thought for the default conversation");
    await page.getByLabel("Attach files").setInputFiles({
      name: "plan.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("step one\n"),
    });
    await chips.getByText("plan.txt").waitFor();

    // A new conversation starts with an empty box, not the other one's draft.
    await trigger.click();
    await page.getByRole("button", { name: "New Conversation" }).click();
    await page.getByRole("button", { name: "Conversation: Conversation 2" }).waitFor();
    expect(await box.inputValue()).toBe("");
    expect(await chips.count()).toBe(0);
    await box.fill("Another idea");
    await screenshot(page, "drafts-second-conversation");

    // Back to the first: its text and file are there; the second kept its own.
    await page.getByRole("button", { name: "Conversation: Conversation 2" }).click();
    await page
      .getByRole("list", { name: "Conversations" })
      .getByText("Default Conversation")
      .click();
    await page.getByRole("button", { name: "Conversation: Default Conversation" }).waitFor();
    expect(await box.inputValue()).toBe("Half-written thought for the default conversation");
    await chips.getByText("plan.txt").waitFor();
    await screenshot(page, "drafts-back-to-first");

    await trigger.click();
    await page.getByRole("list", { name: "Conversations" }).getByText("Conversation 2").click();
    await page.getByRole("button", { name: "Conversation: Conversation 2" }).waitFor();
    expect(await box.inputValue()).toBe("Another idea");
    expect(await chips.count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
