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
  const suite = useServerAndBrowser({
    ...unlimitedEnv,
    OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
    OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 5).toString("base64"),
  });

  /** Opens the chat as a new visitor and, once the welcome exchange ended, adds the agent at `url`. */
  async function openAndAdd(url: string) {
    const { page, errors } = await openChat(suite.browser, suite.server.url);
    const agentsColumn = page.getByRole("complementary", { name: "Agents" });
    // The welcome exchange ends before the user turns to the new agent.
    await page.getByRole("article", { name: "Message from Assistant" }).first().waitFor();
    await waitForReplyDone(page);
    await page.getByLabel("Agent URL").fill(url);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    return { page, errors, agentsColumn };
  }

  it("is added through the server, chats through its proxy, and the reply is still there after a reload", async () => {
    const { page, errors, agentsColumn } = await openAndAdd(agent.url);
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
    await agentsColumn.getByRole("button", { name: "Connection", exact: true }).click();
    const connection = page.getByRole("form", { name: "Connection of Echo agent" });
    await connection.getByRole("button", { name: "Check connection" }).click();
    await connection
      .getByRole("status")
      .filter({ hasText: "Connection works: every step passed." })
      .waitFor();
    await connection
      .getByText(/^A harmless call \(GetTask of an unknown task\) was answered: error -32001 /)
      .waitFor();
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

  it("that asks for its own sign-in is greyed, shows its schemes, and opens its credentials instead of sending", async () => {
    // The card: a 0.3 bearer scheme the agent requires with its own scope "admin".
    const secured = await startTestAgent({
      protocol: "0.3",
      editCard: (card) => ({
        ...card,
        name: "Vault agent",
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
        security: [{ bearer: ["admin"] }],
      }),
    });
    try {
      const { page, errors, agentsColumn } = await openAndAdd(secured.url);
      // Adding it offers the sign-in its card declares (see agent-sign-in.e2e.ts); closed here.
      const offered = page.getByRole("dialog", { name: "Sign in to Vault agent" });
      await offered.waitFor();
      await page.keyboard.press("Escape");
      await offered.waitFor({ state: "detached" });
      const card = agentsColumn.getByRole("listitem").filter({ hasText: "Vault agent" });
      await card.getByText("Sign in required").waitFor();
      expect(await card.getAttribute("data-access")).toBe("credentials");
      await screenshot(page, "added-agent-sign-in-required");

      // Its details show the agent's own schemes and the scopes it asks for.
      await card.getByRole("button", { name: "View details" }).click();
      const details = page.getByRole("dialog", { name: "Vault agent" });
      const access = details.getByRole("region", { name: "Access" });
      await access.getByText("Sign in required").waitFor();
      await access.getByText("Scopes it asks for:").waitFor();
      await access.getByText("admin", { exact: true }).waitFor();
      const schemes = details.getByRole("region", { name: "Security schemes" });
      await schemes.getByText("HTTP bearer").waitFor();
      expect(await details.getByText("Public", { exact: true }).count()).toBe(0);
      await screenshot(page, "added-agent-security-details");
      await page.keyboard.press("Escape");
      await details.waitFor({ state: "detached" });

      // A message opens its credentials dialog instead of going out (and not this site's sign-in).
      // Adding it picked it.
      await agentsColumn.getByRole("button", { name: "Vault agent", pressed: true }).waitFor();
      await send(page, "open the vault");
      await offered.getByRole("button", { name: "Enter credentials by hand" }).click();
      const connection = page.getByRole("form", { name: "Connection of Vault agent" });
      await connection
        .getByText(
          "Vault agent asks you to sign in to it (bearer). Save your credentials for it to send it messages.",
        )
        .waitFor();
      expect(await page.getByRole("dialog", { name: /^Sign in( required)?$/ }).count()).toBe(0);
      expect(secured.received.filter((r) => r.method === "POST")).toEqual([]);
      await screenshot(page, "added-agent-credentials-instead-of-send");

      // Its token saved, the agent is usable and the message goes out with it.
      await connection.getByLabel("Authentication").selectOption("bearer");
      await connection.getByLabel("Token").fill("vault-token");
      await connection.getByRole("button", { name: "Save credentials" }).click();
      await connection.getByText("Credentials saved.").waitFor();
      await page.keyboard.press("Escape");
      await expect.poll(() => card.getAttribute("data-access")).toBe("open");
      await send(page, "open the vault");
      await page
        .getByRole("article", { name: "Message from Vault agent" })
        .filter({ hasText: "Echo: open the vault" })
        .first()
        .waitFor();
      const posts = secured.received.filter((r) => r.method === "POST");
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.every((r) => r.headers.authorization === "Bearer vault-token")).toBe(true);
      await screenshot(page, "added-agent-signed-in-reply");
      expect(errors).toEqual([]);
    } finally {
      await secured.close();
    }
  });
});
