import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../apps/server/src/agents/providers/fake-openai-server.js";
import { startMisbehavingMcp } from "../apps/server/src/test/misbehaving-mcp.js";
import {
  artifactFrame,
  composerBox,
  messageLog,
  openChat,
  screenshotOf,
  storedToken,
  unlimitedEnv,
  waitForNewReply,
  waitIdle,
} from "./harness/artifacts.js";
import { screenshot, workerChromium } from "./harness/browser.js";
import { type E2eServer, startBuiltServer } from "./harness/server.js";

const greeting = "Hi there, ask me anything.";
const afterTool = "The echo server answered.";

/** The model: calls echo when it is offered and the user asks for it, else answers plainly. */
function script(request: FakeChatRequest): FakeReply {
  const usage = { prompt_tokens: 5, completion_tokens: 3 };
  const messages = request.body.messages;
  if (messages.at(-1)?.role === "tool") return { kind: "text", chunks: [afterTool], usage };
  const offered = (request.body.tools ?? []).map((t) => t.function.name);
  const asked = JSON.stringify(messages.at(-1)?.content ?? "").includes("echo");
  if (asked && offered.includes("echo")) {
    return {
      kind: "tool-call",
      id: "call-echo",
      name: "echo",
      argumentPieces: [JSON.stringify({ text: "hello from the assistant" })],
      usage,
    };
  }
  return { kind: "text", chunks: [asked ? "I have no echo tool." : greeting], usage };
}

describe("an MCP server the user lets agents use", () => {
  let model: FakeOpenAiServer;
  // Its /auth-echo path answers only "Authorization: Bearer right" and records every request.
  let echo: Awaited<ReturnType<typeof startMisbehavingMcp>>;
  let server: E2eServer;
  let browser: Awaited<ReturnType<typeof workerChromium>>;
  beforeAll(async () => {
    model = await startFakeOpenAiServer(script);
    echo = await startMisbehavingMcp();
    server = await startBuiltServer({
      ...unlimitedEnv,
      OPENAI_COMPATIBLE_BASE_URL: model.baseUrl,
      OPENAI_COMPATIBLE_MODEL: "fake-e2e",
      OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
      OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 9).toString("base64"),
    });
    browser = await workerChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await echo?.close();
    await model?.close();
  });

  it("is ticked for chosen agents in the Tools column; only an agent given it calls its tool", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await openChat(context, server.url);
    // The streaming and the stored bubble may both show it for a moment: wait for the first.
    await messageLog(page).getByText(greeting).first().waitFor({ timeout: 20_000 });
    await waitIdle(page);

    const column = page.getByRole("list", { name: "Tool servers" });
    await page.getByRole("button", { name: "Add server", exact: true }).click();
    const form = page.getByRole("form", { name: "Add MCP server" });
    await form.getByLabel("Name").fill("Echoes");
    await form.getByLabel("Server URL").fill(`${echo.origin}/auth-echo`);
    await form.getByLabel("Authentication").selectOption("bearer");
    await form.getByLabel("Token").fill("right");
    await form.getByRole("button", { name: "Add server" }).click();
    await form.waitFor({ state: "detached" });

    // Not given to agents yet: the assistant has no echo tool.
    const sendText = async (text: string) => {
      await composerBox(page).fill(text);
      await page.getByRole("button", { name: "Send message" }).click();
    };
    await sendText("please echo something");
    await waitForNewReply(page, "I have no echo tool.");

    await column.getByRole("button", { name: "Echoes", exact: true }).click();
    const group = column.getByRole("group", { name: "Let agents use this server (Echoes)" });
    const all = group.getByRole("checkbox", { name: "All agents" });
    const assistant = group.getByRole("checkbox", { name: "Assistant" });
    const coder = group.getByRole("checkbox", { name: "Code Helper" });
    for (const box of [all, assistant, coder]) expect(await box.isChecked()).toBe(false);

    // Given to another agent only (by keyboard): the assistant still has no echo tool.
    await coder.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => coder.isChecked()).toBe(true);
    await sendText("please echo once more");
    await waitForNewReply(page, "I have no echo tool.");

    await assistant.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => assistant.isChecked()).toBe(true);
    expect(await all.isChecked()).toBe(false);
    await screenshot(page, "agent-use-ticked");

    // The assistant's details list the server (to this user only; the card stays the same).
    await page.getByRole("button", { name: "View details" }).first().click();
    const details = page.getByRole("dialog", { name: "Assistant" });
    const yours = details.getByRole("region", { name: "Your MCP servers" });
    await expect.poll(() => yours.getByRole("listitem").allInnerTexts()).toEqual(["Echoes"]);
    await screenshot(page, "agent-details-your-servers");
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });

    await sendText("echo it now");
    await waitForNewReply(page, afterTool);
    const result = artifactFrame(messageLog(page), "echo");
    await result.waitFor({ timeout: 15_000 });
    await expect.poll(() => result.innerText()).toContain("Echo: hello from the assistant");
    await screenshotOf(page, result, "agent-used-added-server");

    // The server got its own credentials on every request, never the browser's session token.
    const token = await storedToken(page);
    const calls = echo.received.filter((r) => r.body.includes('"tools/call"'));
    expect(calls).toHaveLength(1);
    for (const request of echo.received) {
      expect(request.headers.authorization).toBe("Bearer right");
      expect(JSON.stringify(request.headers)).not.toContain(token);
      expect(request.body).not.toContain(token);
    }

    // The choice is kept: after a reload the two agents are still ticked, All is not.
    await page.reload();
    await column.getByRole("button", { name: "Echoes", exact: true }).click();
    await expect.poll(() => assistant.isChecked()).toBe(true);
    expect(await coder.isChecked()).toBe(true);
    expect(await all.isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
