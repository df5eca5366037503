import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestAgent } from "../apps/server/src/test/a2a-test-agent.js";
import { screenshot } from "./harness/browser.js";
import { openChat, send, unlimitedEnv, waitForReplyDone } from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

describe("an agent added by URL", () => {
  let agent: Awaited<ReturnType<typeof startTestAgent>>;
  beforeAll(async () => {
    agent = await startTestAgent();
  });
  afterAll(async () => {
    await agent.close();
  });
  // The test agent listens on loopback, which only an allow-listed host may reach.
  const suite = useServerAndBrowser({ ...unlimitedEnv, OUTBOUND_ALLOW_HOSTS: "127.0.0.1" });

  it("is added through the server, chats through its proxy, and the reply is still there after a reload", async () => {
    const { page, errors } = await openChat(suite.browser, suite.server.url);
    const agentsColumn = page.getByRole("complementary", { name: "Agents" });
    // The welcome exchange ends before the user turns to the new agent.
    await page.getByRole("article", { name: "Message from Assistant" }).first().waitFor();
    await waitForReplyDone(page);
    await page.getByLabel("Agent URL").fill(agent.url);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await agentsColumn.getByRole("button", { name: "Echo agent", pressed: true }).waitFor();

    await send(page, "hello from the browser");
    const reply = page.getByRole("article", { name: "Message from Echo agent" });
    await reply.filter({ hasText: "Echo: hello from the browser" }).first().waitFor();
    await waitForReplyDone(page);
    await screenshot(page, "added-agent-reply");

    // An attached file reaches the agent as its bytes (it cannot follow our links): it says them back.
    const notes = Buffer.from("Bring the slides.\n");
    const chips = page.getByRole("list", { name: "Attached files" });
    await page.getByLabel("Attach files").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: notes,
    });
    await chips.getByRole("listitem").filter({ hasText: "notes.txt" }).waitFor();
    await chips.getByRole("progressbar").waitFor({ state: "detached" });
    await send(page, "read my notes");
    await reply
      .filter({ hasText: `[notes.txt, ${notes.byteLength} bytes: Bring the slides.` })
      .first()
      .waitFor();
    await waitForReplyDone(page);
    expect(agent.files.at(-1)?.bytes?.equals(notes)).toBe(true);
    await screenshot(page, "added-agent-file-reply");

    // The browser only ever called this site: the agent saw the server, never the session token
    // (in no header or body), nor a link to our files.
    const token = await page.evaluate(() => localStorage.getItem("auth-storage") ?? "");
    expect(agent.received.length).toBeGreaterThan(1);
    for (const request of agent.received) {
      const access = /"accessToken":"([^"]+)"/.exec(token)?.[1] ?? "missing";
      expect(JSON.stringify(request.headers)).not.toContain(access);
      expect(request.body).not.toContain(access);
      expect(request.body).not.toContain("/api/v1/core/files/");
    }

    // Its connection check passes every step (the dialog of an added agent).
    await agentsColumn.getByRole("button", { name: "Connection" }).click();
    const connection = page.getByRole("form", { name: "Connection of Echo agent" });
    await connection.getByRole("button", { name: "Check connection" }).click();
    await connection
      .getByRole("status")
      .filter({ hasText: "Connection works: every step passed." })
      .waitFor();
    await connection.getByText("The agent answered JSON-RPC (A2A 1.0)").waitFor();
    await screenshot(page, "added-agent-connection-check");
    await page.keyboard.press("Escape");

    await page.reload();
    await agentsColumn.getByRole("button", { name: "Echo agent" }).waitFor();
    await page
      .getByRole("article", { name: "Message from Echo agent" })
      .filter({ hasText: "Echo: hello from the browser" })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });
});
