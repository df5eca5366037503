import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../apps/server/src/agents/providers/fake-openai-server.js";
import { startResultsMcp } from "../apps/server/src/test/results-mcp.js";
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
import { screenshot, workerChromium } from "./harness/browser.js";
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
  const said = JSON.stringify(messages.at(-1)?.content ?? "");
  const link = /open (http\S+?) first/.exec(said)?.[1];
  if (link && offered.includes("trigger-url-elicitation")) {
    return {
      kind: "tool-call",
      id: `call-${messages.length}`,
      name: "trigger-url-elicitation",
      argumentPieces: [JSON.stringify({ url: link, errorPath: true })],
      usage,
    };
  }
  if (said.includes("erase") && offered.includes("erase-notes")) {
    return {
      kind: "tool-call",
      id: `call-${messages.length}`,
      name: "erase-notes",
      argumentPieces: ["{}"],
      usage,
    };
  }
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
async function visitorWithServer(
  browser: Browser,
  url: string,
  everythingUrl: string,
  more: { name: string; url: string }[] = [],
) {
  const context = await browser.newContext({ viewport: desktopViewport });
  const tab = await openChat(context, url);
  await lastReply(tab.page).filter({ hasText: greeting }).waitFor({ timeout: 20_000 });
  await waitIdle(tab.page);
  const token = await storedToken(tab.page);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  for (const server of [{ name: "My everything", url: everythingUrl }, ...more]) {
    const added = await fetch(`${url}/api/v1/mcp/external`, {
      method: "POST",
      headers,
      body: JSON.stringify(server),
    });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const lent = await fetch(`${url}/api/v1/mcp/external/${id}/agent-use`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ agents: "all" }),
    });
    expect(lent.status).toBe(200);
  }
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
  let browser: Awaited<ReturnType<typeof workerChromium>>;
  let notes: Awaited<ReturnType<typeof startResultsMcp>>;
  beforeAll(async () => {
    model = await startFakeOpenAiServer(script);
    notes = await startResultsMcp();
    everything = await startEverything();
    server = await startBuiltServer({
      ...unlimitedEnv,
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
    await notes?.close();
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

  it("asks before an agent runs a destructive tool: the confirmation in place, Accept runs it", async () => {
    const { page, errors } = await visitorWithServer(browser, server.url, everything.url, [
      { name: "Notes", url: notes.url },
    ]);
    const before = notes.erased.length;
    await composerBox(page).fill("erase my notes");
    await page.getByRole("button", { name: "Send message" }).click();
    const panel = page.getByRole("region", { name: "Input Required" });
    await panel
      .getByText("Allow erase-notes to run? It may delete or overwrite data.")
      .waitFor({ timeout: 20_000 });
    await panel
      .getByText(
        "The server Notes says erase-notes may delete or overwrite data. Let the agent run it?",
      )
      .waitFor();
    expect(notes.erased.length).toBe(before);
    await screenshot(page, "agent-destructive-confirm");
    await panel.getByRole("button", { name: "Accept" }).click();
    await waitForNewReply(page, afterAnswer);
    expect(notes.erased.length).toBe(before + 1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows the link a call needs first (-32042), and tries the call again after Done", async () => {
    const { page, errors } = await visitorWithServer(browser, server.url, everything.url);
    const target = `${server.url}/docs`;
    await composerBox(page).fill(`open ${target} first`);
    await page.getByRole("button", { name: "Send message" }).click();
    const dialog = page.getByRole("dialog", { name: "My everything asks you to open a link" });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId("link-domain").innerText()).toBe("modelcontextprotocol.io");
    // Nothing opens before the user confirms; then the dialog waits for Done.
    expect(page.context().pages()).toHaveLength(1);
    await page
      .context()
      .route("https://modelcontextprotocol.io/**", (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<p>Granted</p>" }),
      );
    const opened = page.context().waitForEvent("page");
    await dialog.getByRole("button", { name: "Open modelcontextprotocol.io" }).click();
    await (await opened).close();
    await dialog
      .getByText(
        "Finish what modelcontextprotocol.io asks in the tab that opened, then choose Done: the call is tried again.",
      )
      .waitFor();
    await screenshot(page, "agent-url-elicitation-done");
    await dialog.getByRole("button", { name: "Done" }).click();
    // The call is tried again: the server now asks for the link itself (the request path).
    const again = page.getByRole("dialog", { name: "My everything asks you to open a link" });
    await again
      .getByTestId("link-domain")
      .filter({ hasText: new URL(target).hostname })
      .waitFor();
    const second = page.context().waitForEvent("page");
    await again.getByRole("button", { name: `Open ${new URL(target).hostname}` }).click();
    await (await second).close();
    await waitForNewReply(page, afterAnswer);
    const toolMessage = model.requests.at(-1)?.body.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage?.content ?? "")).toContain(
      "User completed the URL elicitation flow",
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
