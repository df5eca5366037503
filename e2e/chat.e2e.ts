import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import {
  agentMessages,
  composer,
  defaultAgentName,
  goesQuiet,
  headerCount,
  openChat,
  send,
  texts,
  unlimitedEnv,
  userMessages,
  waitForReplyDone,
  watchPlaceholder,
  welcomeText,
} from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** Said by the built-in planner whenever it explains itself (no model env in this suite). */
const noModelNotice = "No language model is configured";

describe("chatting with the built-in planner", () => {
  const suite = useServerAndBrowser(unlimitedEnv);

  it("greets a new user, answers, streams, attaches files and shows agent details", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);

    // A new user gets a session, the default conversation and the default agent, selected.
    await page.getByRole("button", { name: /Anonymous/ }).waitFor();
    const agentsColumn = page.getByRole("complementary", { name: "Agents" });
    await agentsColumn.getByRole("button", { name: defaultAgentName, pressed: true }).waitFor();

    // The app says hello by itself and the planner answers, saying it has no model.
    await userMessages(page).filter({ hasText: welcomeText }).waitFor();
    await agentMessages(page).filter({ hasText: noModelNotice }).waitFor();
    await waitForReplyDone(page);
    // At rest the page draws nothing. (The list of a conversation shorter than the screen once
    // kept re-aiming its scroll at the end, a frame each, for five seconds after every message.)
    expect(await goesQuiet(page)).toMatchObject({ quiet: true });
    expect(await texts(userMessages(page))).toEqual([expect.stringContaining(welcomeText)]);
    expect(await agentMessages(page).count()).toBe(1);
    await expect.poll(() => headerCount(page)).toBe(2);
    await screenshot(page, "chat-welcome");

    // 'help': the message appears, the reply streams (the placeholder says so) and completes.
    const placeholders = await watchPlaceholder(page);
    expect(await composer(page).getAttribute("placeholder")).toBe("Type a message...");
    await send(page, "help");
    await userMessages(page).nth(1).getByText("help", { exact: true }).waitFor();
    expect(await composer(page).inputValue()).toBe("");
    const helpReply = agentMessages(page).nth(1);
    await helpReply.getByText("Here is what I can do without a language model:").waitFor();
    await waitForReplyDone(page);
    expect(await helpReply.innerText()).toContain("chart of sales");
    expect(await helpReply.innerText()).toContain(noModelNotice);
    expect(await placeholders()).toEqual([
      "Type a message...",
      "AI is responding...",
      "Type a message...",
    ]);
    await expect.poll(() => headerCount(page)).toBe(4);
    await screenshot(page, "chat-help-reply");

    // Shift+Enter adds a line instead of sending.
    const box = composer(page);
    await box.click();
    await box.pressSequentially("line one");
    await box.press("Shift+Enter");
    await box.pressSequentially("line two");
    expect(await box.inputValue()).toBe("line one\nline two");
    expect(await userMessages(page).count()).toBe(2);
    await screenshot(page, "chat-multiline");
    await box.fill("");

    // Attach a file: a chip with name and size; remove it; attach again and send with text.
    const notes = {
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Bring the slides and the budget.\n"),
    };
    const fileInput = page.getByLabel("Attach files");
    const chips = page.getByRole("list", { name: "Attached files" });
    await fileInput.setInputFiles(notes);
    const chip = chips.getByRole("listitem").filter({ hasText: "notes.txt" });
    await chip.waitFor();
    expect(await chip.innerText()).toContain("33 B");
    await screenshot(page, "chat-attachment-chip");
    await page.getByRole("button", { name: "Remove notes.txt" }).click();
    await chips.waitFor({ state: "detached" });
    await fileInput.setInputFiles(notes);
    await chip.waitFor();
    // Send stays off while a file uploads (Enter does nothing then): wait for the upload.
    await chips.getByRole("progressbar").waitFor({ state: "detached" });
    await send(page, "Here are my notes");
    const sent = userMessages(page).filter({ hasText: "Here are my notes" });
    await sent.waitFor();
    await sent.getByText("notes.txt", { exact: true }).waitFor();
    expect(await sent.innerText()).toContain("text/plain");
    expect(await chips.count()).toBe(0);
    await waitForReplyDone(page);
    await expect.poll(() => headerCount(page)).toBe(6);
    await screenshot(page, "chat-file-sent");

    // The counter appears beyond 500 characters and warns beyond 1500.
    const counter = page.getByText(/^\d+ characters$/);
    await box.fill("a".repeat(500));
    expect(await counter.count()).toBe(0);
    await box.fill("a".repeat(501));
    await counter.waitFor();
    expect(await counter.innerText()).toBe("501 characters");
    expect(await counter.getAttribute("data-warning")).toBeNull();
    await box.fill("a".repeat(1500));
    expect(await counter.getAttribute("data-warning")).toBeNull();
    await box.fill("a".repeat(1501));
    await page.getByText("1501 characters").waitFor();
    expect(await counter.getAttribute("data-warning")).toBe("true");
    await screenshot(page, "chat-counter-warning");
    await box.fill("");
    await counter.waitFor({ state: "detached" });

    // The agent's details: capabilities (Streaming) and its MCP servers; Escape closes it.
    await agentsColumn
      .getByRole("button", { name: "View details", description: defaultAgentName })
      .click();
    const dialog = page.getByRole("dialog", { name: defaultAgentName });
    await dialog.waitFor();
    const capabilities = dialog.getByRole("region", { name: "Capabilities" });
    expect(await capabilities.getByText("Streaming").count()).toBe(1);
    const servers = dialog.getByRole("region", { name: "MCP servers" });
    expect(await servers.getByRole("listitem").count()).toBeGreaterThan(0);
    await screenshot(page, "chat-agent-details");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    expect(errors).toEqual([]);
    await context.close();
  });
});
