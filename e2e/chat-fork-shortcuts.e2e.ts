import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import {
  agentMessages,
  composer,
  openChat,
  send,
  unlimitedEnv,
  userMessages,
  waitForReplyDone,
  welcomeText,
} from "./harness/chat.js";
import { openSignedInChat } from "./harness/passkeys.js";
import { useServerAndBrowser } from "./harness/suite.js";

const conversationButton = (page: Page) => page.getByRole("button", { name: /^Conversation: / });

describe("fork, keyboard shortcuts and the conversations menu's search", () => {
  const suite = useServerAndBrowser(unlimitedEnv);

  it("forks a conversation from a message into a new one (an account; a visitor signs in first)", async () => {
    const visitor = await openChat(suite.browser, suite.server.url);
    await agentMessages(visitor.page).first().waitFor();
    await waitForReplyDone(visitor.page);
    await agentMessages(visitor.page).first().getByRole("button", { name: "Fork" }).click();
    await visitor.page.getByRole("dialog", { name: "Sign in" }).waitFor();
    await visitor.context.close();

    const { context, page, errors } = await openSignedInChat(suite.browser, suite.server.url, {
      username: "forker",
      email: "forker@example.com",
    });
    await send(page, "help");
    await agentMessages(page).nth(1).waitFor();
    await waitForReplyDone(page);
    // Fork from the first reply: the new conversation holds the welcome and its reply only.
    await agentMessages(page).first().getByRole("button", { name: "Fork" }).click();
    await page.getByRole("button", { name: "Conversation: Default Conversation (fork)" }).waitFor();
    await expect.poll(() => userMessages(page).count()).toBe(1);
    expect(await userMessages(page).first().innerText()).toContain(welcomeText);
    expect(await agentMessages(page).count()).toBe(1);
    await screenshot(page, "conversation-forked");
    // The source is as it was.
    await conversationButton(page).click();
    await page
      .getByRole("list", { name: "Conversations" })
      .getByText("Default Conversation", { exact: true })
      .click();
    await userMessages(page).filter({ hasText: "help" }).waitFor();
    expect(await userMessages(page).count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists the shortcuts on '?', focuses the box, edits the last message, copies the last reply and asks for search", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await agentMessages(page).first().waitFor();
    await waitForReplyDone(page);
    await page.getByRole("log", { name: "Messages" }).click();

    await page.keyboard.press("Shift+Slash");
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await sheet.waitFor();
    expect(await sheet.innerText()).toContain("Edit your last message");
    await screenshot(page, "keyboard-shortcuts");
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });

    await page.keyboard.press("Shift+Escape");
    await expect
      .poll(() => composer(page).evaluate((box) => box === document.activeElement))
      .toBe(true);

    // Up in the empty box opens the last message's edit form; Escape leaves it as it was.
    await page.keyboard.press("ArrowUp");
    const edit = page.getByRole("textbox", { name: "Edit message" });
    await edit.waitFor();
    expect(await edit.inputValue()).toBe(welcomeText);
    await edit.press("Escape");
    await edit.waitFor({ state: "detached" });

    await page.keyboard.press("Control+Shift+Semicolon");
    await page.getByRole("status").filter({ hasText: "Copied the last reply" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("A2A Chat assistant");

    // Ctrl+K opens the search of every conversation.
    await page.keyboard.press("Control+k");
    const search = page.getByRole("dialog", { name: "Search conversations" });
    await search.waitFor();
    await page.keyboard.press("Escape");
    await search.waitFor({ state: "detached" });

    // A visitor's new conversation (Ctrl+Shift+O) needs an account: Sign in opens.
    await page.keyboard.press("Control+Shift+O");
    await page.getByRole("dialog", { name: "Sign in" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("gives the conversations menu a search box past 10 conversations, to find one to open or rename", async () => {
    const { context, page, errors } = await openSignedInChat(suite.browser, suite.server.url, {
      username: "many",
      email: "many@example.com",
    });
    await conversationButton(page).click();
    expect(await page.getByRole("searchbox", { name: "Search conversations" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    // Ten new conversations with the shortcut: eleven in all.
    for (let n = 2; n <= 11; n += 1) {
      await page.keyboard.press("Control+Shift+O");
      await page.getByRole("button", { name: `Conversation: Conversation ${n}` }).waitFor();
    }
    await conversationButton(page).click();
    const search = page.getByRole("searchbox", { name: "Search conversations" });
    await search.waitFor();
    await search.fill("conversation 1");
    const list = page.getByRole("list", { name: "Conversations" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2); // 10 and 11
    await search.fill("default");
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    await list.getByRole("button", { name: "Rename Default Conversation" }).click();
    const name = page.getByRole("textbox", { name: "New name for Default Conversation" });
    await name.fill("Found it");
    await name.press("Enter");
    await search.fill("found");
    await list.getByText("Found it").waitFor();
    await search.fill("nothing like this");
    await page.getByText("No conversations match").waitFor();
    await screenshot(page, "conversations-search");
    expect(errors).toEqual([]);
    await context.close();
  });
});
