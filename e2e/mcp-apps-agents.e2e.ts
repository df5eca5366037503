import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../apps/server/src/agents/providers/fake-openai-server.js";
import {
  composerBox,
  lastReply,
  messageLog,
  openChat,
  screenshotOf,
  unlimitedEnv,
  waitIdle,
} from "./harness/artifacts.js";
import { workerChromium } from "./harness/browser.js";
import { appFrame } from "./harness/mcp-apps.js";
import { type E2eServer, startBuiltServer } from "./harness/server.js";

const greeting = "Hi there, ask me anything.";
const afterTool = "Here is the sales explorer.";
const contextHeading = "[Context from the apps in this conversation]";

const userText = (request: FakeChatRequest) =>
  JSON.stringify(request.body.messages.filter((m) => m.role === "user").at(-1)?.content ?? "");

/** The model: opens the sales explorer when asked to explore, else answers plainly. */
function script(request: FakeChatRequest): FakeReply {
  const usage = { prompt_tokens: 5, completion_tokens: 3 };
  const messages = request.body.messages;
  if (messages.at(-1)?.role === "tool") return { kind: "text", chunks: [afterTool], usage };
  const offered = (request.body.tools ?? []).map((t) => t.function.name);
  if (userText(request).includes("explore") && offered.includes("sales_explorer")) {
    return {
      kind: "tool-call",
      id: "call-explorer",
      name: "sales_explorer",
      argumentPieces: [JSON.stringify({ group_by: "region" })],
      usage,
    };
  }
  return { kind: "text", chunks: [greeting], usage };
}

describe("a model-backed agent calling a tool with an MCP App", () => {
  let model: FakeOpenAiServer;
  let server: E2eServer;
  let browser: Awaited<ReturnType<typeof workerChromium>>;
  beforeAll(async () => {
    model = await startFakeOpenAiServer(script);
    server = await startBuiltServer({
      ...unlimitedEnv,
      OPENAI_COMPATIBLE_BASE_URL: model.baseUrl,
      OPENAI_COMPATIBLE_MODEL: "fake-e2e",
    });
    browser = await workerChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await model?.close();
  });

  it("shows the app in its reply and gives the app's context to the model on the next turn", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await openChat(context, server.url);
    await messageLog(page).getByText(greeting).first().waitFor({ timeout: 20_000 });
    await waitIdle(page);
    // App-only tools are never offered to the model; the explorer, visible to it, is.
    const offered = (model.requests.at(-1)?.body.tools ?? []).map((t) => t.function.name);
    expect(offered).toContain("sales_explorer");

    await composerBox(page).fill("Please explore the sales");
    await page.getByRole("button", { name: "Send message" }).click();
    await lastReply(page).filter({ hasText: afterTool }).waitFor({ timeout: 30_000 });
    const region = messageLog(page).getByRole("region", { name: "sales_explorer app" }).last();
    await region.waitFor({ timeout: 15_000 });
    const app = appFrame(region, "sales_explorer");
    // The app starts from the agent's arguments (by region) and charts them with sales_chart.
    await expect.poll(() => app.locator("#rows tr").count(), { timeout: 15_000 }).toBe(5);
    await expect.poll(() => app.locator("#heading").innerText()).toBe("Revenue (USD) by region");
    await screenshotOf(page, region, "mcp-app-agent-reply");
    await waitIdle(page);

    // The app told the host what the user sees (ui/update-model-context): the next turn has it.
    const before = model.requests.length;
    await composerBox(page).fill("What am I looking at?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => model.requests.length, { timeout: 20_000 }).toBeGreaterThan(before);
    const sent = userText(model.requests.at(-1) as FakeChatRequest);
    expect(sent).toContain("What am I looking at?");
    expect(sent).toContain(contextHeading);
    expect(sent).toContain("Revenue (USD) by region in the sales explorer");
    await context.close();
  });
});
