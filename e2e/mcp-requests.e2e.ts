import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../apps/server/src/agents/providers/fake-openai-server.js";
import {
  artifactFrame,
  desktopViewport,
  lastReply,
  messageLog,
  openChat,
  unlimitedEnv,
  waitIdle,
} from "./harness/artifacts.js";
import { screenshot, workerChromium } from "./harness/browser.js";
import { type EverythingServer, startEverything } from "./harness/everything.js";
import { type E2eServer, startBuiltServer } from "./harness/server.js";
import { pickTool } from "./harness/tools.js";

const sampled = "Sampled by the fake model.";
const afterAnswer = "Thanks, I have your answer.";

/**
 * The model: asks server-everything's elicitation tool when the user says "ask me" (and it is
 * offered), answers a sampling request (the server's system prompt) with a fixed text.
 */
function script(request: FakeChatRequest): FakeReply {
  const usage = { prompt_tokens: 5, completion_tokens: 3 };
  const messages = request.body.messages;
  if (messages.at(-1)?.role === "tool") return { kind: "text", chunks: [afterAnswer], usage };
  if (JSON.stringify(messages).includes("Be brief here."))
    return { kind: "text", chunks: [sampled], usage };
  const offered = (request.body.tools ?? []).map((t) => t.function.name);
  if (
    JSON.stringify(messages.at(-1)?.content ?? "").includes("ask me") &&
    offered.includes("trigger-elicitation-request")
  ) {
    return {
      kind: "tool-call",
      id: "call-ask",
      name: "trigger-elicitation-request",
      argumentPieces: ["{}"],
      usage,
    };
  }
  return { kind: "text", chunks: [greeting], usage };
}

const greeting = "Hello from the fake model.";

/** A fresh profile on /chat, once the model answered the first-visit welcome. */
async function openQuiet(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: desktopViewport });
  const tab = await openChat(context, url);
  await lastReply(tab.page).filter({ hasText: greeting }).waitFor({ timeout: 20_000 });
  await waitIdle(tab.page);
  return tab;
}

/** Runs a tool of the "everything" server that takes no parameters (or the defaults). */
async function runTool(page: Page, tool: string, fill?: Record<string, string>) {
  await pickTool(page, "everything", tool);
  const form = page.getByRole("form", { name: `Parameters of ${tool}` });
  for (const [label, value] of Object.entries(fill ?? {}))
    await form.getByLabel(new RegExp(`^${label}`)).fill(value);
  await page.getByRole("button", { name: "Run", exact: true }).click();
}

describe("what MCP servers ask the user (elicitation, sampling)", () => {
  let model: FakeOpenAiServer;
  let everything: EverythingServer;
  let server: E2eServer;
  let browser: Awaited<ReturnType<typeof workerChromium>>;
  beforeAll(async () => {
    model = await startFakeOpenAiServer(script);
    everything = await startEverything();
    server = await startBuiltServer({
      ...unlimitedEnv,
      CONFIG: everything.configPath,
      OPENAI_COMPATIBLE_BASE_URL: model.baseUrl,
      OPENAI_COMPATIBLE_MODEL: "fake-e2e",
      OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
      OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 5).toString("base64"),
    });
    browser = await workerChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await everything?.stop();
    await model?.close();
  });

  it("shows an elicitation form: checked like a tool form, then accepted; another is declined", async () => {
    const { page, errors } = await openQuiet(browser, server.url);
    await runTool(page, "trigger-elicitation-request");
    const dialog = page.getByRole("dialog", { name: "everything asks for input" });
    await dialog.getByText("Please provide inputs for the following fields:").waitFor();
    await dialog.getByLabel(/^String with email format/).fill("not an email");
    await dialog.getByRole("button", { name: "Accept" }).click();
    await dialog.getByText("Fix the fields marked above, then accept again.").waitFor();
    await screenshot(page, "elicitation-form-errors");
    await dialog.getByLabel(/^String with email format/).fill("ada@example.com");
    await dialog.getByLabel(/^String(?! with)/).fill("Ada Lovelace");
    await dialog.getByRole("button", { name: "Accept" }).click();
    await dialog.waitFor({ state: "detached" });
    const result = artifactFrame(messageLog(page), "trigger-elicitation-request").last();
    await expect.poll(() => result.innerText(), { timeout: 20_000 }).toContain("Ada Lovelace");

    await runTool(page, "trigger-elicitation-request");
    const again = page.getByRole("dialog", { name: "everything asks for input" });
    await again.getByRole("button", { name: "Decline" }).click();
    await again.waitFor({ state: "detached" });
    await expect.poll(() => messageLog(page).innerText(), { timeout: 20_000 }).toContain("decline");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows a URL elicitation's domain and opens it only when the user confirms", async () => {
    const { page, errors } = await openQuiet(browser, server.url);
    const target = `${server.url}/docs`;
    await runTool(page, "trigger-url-elicitation", { Url: target });
    const dialog = page.getByRole("dialog", { name: "everything asks you to open a link" });
    const domain = new URL(target).hostname;
    expect(await dialog.getByTestId("link-domain").innerText()).toBe(domain);
    expect(page.context().pages()).toHaveLength(1);
    await screenshot(page, "elicitation-url");
    const opened = page.context().waitForEvent("page");
    await dialog.getByRole("button", { name: `Open ${domain}` }).click();
    const popup = await opened;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(target);
    await popup.close();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => messageLog(page).innerText(), { timeout: 20_000 }).toContain("accept");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("asks before sampling; the approved (edited) request runs on the model", async () => {
    const { page, errors } = await openQuiet(browser, server.url);
    const before = model.requests.length;
    await runTool(page, "trigger-sampling-request", { Prompt: "say something" });
    const dialog = page.getByRole("dialog", { name: "everything asks to use the model" });
    await dialog.getByText("temperature: 0.7").waitFor();
    expect(await dialog.getByLabel("System prompt").inputValue()).toBe(
      "You are a helpful test server.",
    );
    // Nothing reached the model before the user approved.
    expect(model.requests.length).toBe(before);
    await dialog.getByLabel("System prompt").fill("Be brief here.");
    await screenshot(page, "sampling-approval");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => messageLog(page).innerText(), { timeout: 20_000 }).toContain(sampled);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
