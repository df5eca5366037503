import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import { openChat, send, unlimitedEnv, userMessages, waitForReplyDone } from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** The header's conversation name button. */
const conversationButton = (page: Page, name: string) =>
  page.getByRole("button", { name: `Conversation: ${name}` });

/** A ChatGPT conversations.json with one short conversation. */
const chatGptFile = JSON.stringify([
  {
    title: "Holiday from ChatGPT",
    create_time: 1_700_000_000,
    current_node: "b",
    mapping: {
      a: {
        parent: null,
        children: ["b"],
        message: {
          author: { role: "user" },
          content: { content_type: "text", parts: ["Where to go in May?"] },
        },
      },
      b: {
        parent: "a",
        children: [],
        message: {
          author: { role: "assistant" },
          content: { content_type: "text", parts: ["Try Lisbon."] },
        },
      },
    },
  },
]);

describe("search, export, import and share", () => {
  const suite = useServerAndBrowser(unlimitedEnv);

  it("a visitor searches with Ctrl+K, exports, imports and shares a conversation", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await waitForReplyDone(page);
    await send(page, "The purple elephant dances at noon");
    await userMessages(page).filter({ hasText: "purple elephant" }).waitFor();
    await waitForReplyDone(page);

    // Import a ChatGPT export: it becomes a new conversation, which opens.
    await page.getByLabel("Import file").setInputFiles({
      name: "conversations.json",
      mimeType: "application/json",
      buffer: Buffer.from(chatGptFile),
    });
    await page.getByRole("status").filter({ hasText: "Imported 1 conversation" }).waitFor();
    await conversationButton(page, "Holiday from ChatGPT").waitFor();
    await page.getByText("Try Lisbon.").waitFor();

    // Ctrl+K searches every conversation; the match is highlighted; Enter opens it there.
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Search conversations" });
    await dialog.getByRole("searchbox", { name: "Search all your conversations" }).fill("eleph");
    const results = dialog.getByRole("list", { name: "Search results" });
    await results.locator("mark", { hasText: "elephant" }).waitFor();
    expect(await results.getByRole("button").first().innerText()).toContain("Default Conversation");
    await screenshot(page, "search-dialog");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await conversationButton(page, "Default Conversation").waitFor();
    await userMessages(page).filter({ hasText: "purple elephant" }).waitFor();

    // Export as Markdown and JSON: files to download.
    const [markdown] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export Markdown" }).click(),
    ]);
    expect(markdown.suggestedFilename()).toBe("Default Conversation.md");
    const md = await readFile((await markdown.path()) ?? "", "utf8");
    expect(md).toContain("# Default Conversation");
    expect(md).toContain("The purple elephant dances at noon");
    const [json] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export JSON" }).click(),
    ]);
    const exported = await readFile((await json.path()) ?? "", "utf8");
    expect(JSON.parse(exported)).toMatchObject({ format: "a2a-chat.conversation", version: 1 });

    // Importing the JSON gives a second copy of the conversation.
    await page.getByLabel("Import file").setInputFiles({
      name: "export.json",
      mimeType: "application/json",
      buffer: Buffer.from(exported),
    });
    await page.getByRole("status").filter({ hasText: "Imported 1 conversation" }).waitFor();
    await userMessages(page).filter({ hasText: "purple elephant" }).waitFor();

    // A file that is not an export is refused with its message.
    await page.getByLabel("Import file").setInputFiles({
      name: "bad.json",
      mimeType: "application/json",
      buffer: Buffer.from('{"hello": 1}'),
    });
    await page
      .getByRole("alert")
      .filter({
        hasText: "The file is not an A2A Chat conversation export or a ChatGPT conversations.json",
      })
      .waitFor();

    // Share: a link anyone can open without a session, until it is revoked.
    await page.getByRole("button", { name: "Share", exact: true }).click();
    const share = page.getByRole("dialog", { name: "Share a read-only link" });
    await share.getByRole("button", { name: "Create link" }).click();
    const link = share.getByRole("textbox", { name: /^Link to / }).first();
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/shared\?id=[\w-]{32}$/);

    const stranger = await suite.browser.newContext();
    const view = await stranger.newPage();
    const sessions: string[] = [];
    view.on("request", (request) => {
      if (request.url().includes("/oauth/")) sessions.push(request.url());
    });
    await view.goto(url);
    await view.getByText("Shared conversation · read-only").waitFor();
    await view.getByText("The purple elephant dances at noon").waitFor();
    await screenshot(view, "shared-conversation");
    // The page asks for no session: the link alone shows the conversation.
    expect(sessions).toEqual([]);

    await share.getByRole("button", { name: "Revoke" }).first().click();
    await expect.poll(() => share.getByRole("textbox", { name: /^Link to / }).count()).toBe(0);
    await view.reload();
    await view.getByText("This shared link does not exist or was revoked").waitFor();

    await stranger.close();
    // The refused import (400) is the only failed request the page logged.
    expect(errors).toEqual([
      "Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
    await context.close();
  });
});
