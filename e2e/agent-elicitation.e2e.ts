import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../apps/server/src/agents/providers/fake-openai-server.js";
import {
  composerBox,
  desktopViewport,
  lastReply,
  openChat,
  storedToken,
  unlimitedEnv,
  waitForNewReply,
  waitIdle,
} from "./harness/artifacts.js";
import { launchChromium, screenshot } from "./harness/browser.js";
import { type EverythingServer, startEverything } from "./harness/everything.js";
import { type E2eServer, startBuiltServer } from "./harness/server.js";

const greeting = "Hello from the fake model.";
const afterAnswer = "Thanks, I have your answer.";

/** The model: calls server-everything's elicitation tool when the user says "ask me". */
function script(request: FakeChatRequest): FakeReply {
  const usage = { prompt_tokens: 5, completion_tokens: 3 };
  const messages = request.body.messages;
  if (messages.at(-1)?.role === "tool") return { kind: "text", chunks: [afterAnswer], usage };
  const offered = (request.body.tools ?? []).map((t) => t.function.name);
  if (
    JSON.stringify(messages.at(-1)?.content ?? "").includes("ask me") &&
    offered.includes("trigger-elicitation-request")
  ) {
    return {
      kind: "tool-call",
      id: `call-${messages.length}`,
      name: "trigger-elicitation-request",
      argumentPieces: ["{}"],
      usage,
    };
  }
  return { kind: "text", chunks: [greeting], usage };
}

/** A fresh visitor on /chat who lent server-everything (as "My everything") to every agent. */
async function visitorWithServer(browser: Browser, url: string, everythingUrl: string) {
  const context = await browser.newContext({ viewport: desktopViewport });
  const tab = await openChat(context, url);
  await lastReply(tab.page).filter({ hasText: greeting }).waitFor({ timeout: 20_000 });
  await waitIdle(tab.page);
  const token = await storedToken(tab.page);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const added = await fetch(`${url}/api/v1/mcp/external`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "My everything", url: everythingUrl }),
  });
  expect(added.status).toBe(201);
  const { id } = (await added.json()) as { id: string };
  const lent = await fetch(`${url}/api/v1/mcp/external/${id}/agent-use`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ agents: "all" }),
  });
  expect(lent.status).toBe(200);
  return { ...tab, headers };
}

/** The panel of the task that waits for the user, once it shows the server's question. */
async function waitingPanel(page: Page) {
  const panel = page.getByRole("region", { name: "Input Required" });
  await panel
    .getByText("My everything asks: Please provide inputs for the following fields:")
    .waitFor({ timeout: 20_000 });
  return panel;
}

describe("an agent's tool call that elicits", () => {
  let model: FakeOpenAiServer;
  let everything: EverythingServer;
  let server: E2eServer;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    model = await startFakeOpenAiServer(script);
    everything = await startEverything();
    server = await startBuiltServer({
      ...unlimitedEnv,
      OPENAI_COMPATIBLE_BASE_URL: model.baseUrl,
      OPENAI_COMPATIBLE_MODEL: "fake-e2e",
      OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
      OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 5).toString("base64"),
    });
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await everything?.stop();
    await model?.close();
  });

  it("shows the server's form in the conversation; its Accept resumes the tool call", async () => {
    const { page, errors, headers } = await visitorWithServer(browser, server.url, everything.url);
    await composerBox(page).fill("please ask me something");
    await page.getByRole("button", { name: "Send message" }).click();
    const panel = await waitingPanel(page);
    // The task waits for the user, with the server's question; the form is in the thread, not
    // in a dialog.
    const listed = (await (
      await fetch(`${server.url}/api/v1/mcp/requests`, { headers })
    ).json()) as { data: { task_id: string | null }[] };
    const task = (await (
      await fetch(`${server.url}/api/v1/core/tasks/${listed.data[0]?.task_id}`, { headers })
    ).json()) as { status: { state: string } };
    expect(task.status.state).toBe("input-required");
    const form = panel.getByRole("form", { name: "My everything asks for input" });
    await form.getByLabel(/^String(?! with)/).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await screenshot(page, "agent-elicitation-in-thread");
    // The form's checks apply as in the dialog.
    await panel.getByRole("button", { name: "Accept" }).click();
    await panel.getByText("Fix the fields marked above, then accept again.").waitFor();
    await form.getByLabel(/^String(?! with)/).fill("Grace Hopper");
    await panel.getByRole("button", { name: "Accept" }).click();
    await waitForNewReply(page, afterAnswer);
    await panel.waitFor({ state: "detached" });
    const toolMessage = model.requests.at(-1)?.body.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage?.content ?? "")).toContain("Grace Hopper");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("takes a plain answer typed in the composer as the form's answer", async () => {
    const { page, errors } = await visitorWithServer(browser, server.url, everything.url);
    await composerBox(page).fill("ask me again");
    await page.getByRole("button", { name: "Send message" }).click();
    const panel = await waitingPanel(page);
    await composerBox(page).fill("Ada Lovelace");
    await page.getByRole("button", { name: "Send message" }).click();
    await waitForNewReply(page, afterAnswer);
    await panel.waitFor({ state: "detached" });
    const toolMessage = model.requests.at(-1)?.body.messages.find((m) => m.role === "tool");
    // The typed text filled the form's required field; the other fields kept their defaults.
    expect(JSON.stringify(toolMessage?.content ?? "")).toContain("Ada Lovelace");
    expect(JSON.stringify(toolMessage?.content ?? "")).toContain("It was a dark and stormy night.");
    // The answer is the user's message in the conversation.
    await page
      .getByRole("article", { name: "Your message" })
      .filter({ hasText: "Ada Lovelace" })
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
