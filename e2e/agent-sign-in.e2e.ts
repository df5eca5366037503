import type { ServerResponse } from "node:http";
import { Role, TaskState } from "@a2a-js/sdk";
import { AgentEvent } from "@a2a-js/sdk/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReceivedRequest, startTestAgent } from "../apps/server/src/test/a2a-test-agent.js";
import { startOAuthMcpServer } from "../apps/server/src/test/oauth-mcp-server.js";
import { screenshot } from "./harness/browser.js";
import { openChat, send, unlimitedEnv, waitForReplyDone } from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/**
 * Sign-in to an added agent from its card, in a real browser: an @a2a-js/sdk agent that refuses
 * calls without an access token from its OAuth authorization server (the MCP SDK's server auth:
 * dynamic registration, PKCE; it approves at once, so the browser comes straight back), and one
 * whose card asks for an API key in the query.
 */
describe("sign-in to an added agent from its card", () => {
  let oauth: Awaited<ReturnType<typeof startOAuthMcpServer>>;
  let corp: Awaited<ReturnType<typeof startTestAgent>>;
  let keyed: Awaited<ReturnType<typeof startTestAgent>>;
  let asking: Awaited<ReturnType<typeof startTestAgent>>;
  /** Turns of the agent that asks for authorization on its first. */
  let askingTurns = 0;
  const refuse = (res: ServerResponse) => {
    res.writeHead(401, { "www-authenticate": "Bearer" });
    res.end();
    return true;
  };
  beforeAll(async () => {
    oauth = await startOAuthMcpServer();
    corp = await startTestAgent({
      editCard: (card) => ({
        ...card,
        name: "Corp agent",
        securitySchemes: {
          corp: {
            oauth2SecurityScheme: {
              flows: {
                authorizationCode: {
                  authorizationUrl: `${oauth.origin}/authorize`,
                  tokenUrl: `${oauth.origin}/token`,
                  scopes: { chat: "Chat" },
                },
              },
            },
          },
        },
        securityRequirements: [{ schemes: { corp: { list: ["chat"] } } }],
      }),
      intercept: (request: ReceivedRequest, res) =>
        oauth.accessTokenValid(String(request.headers.authorization ?? "").slice(7))
          ? false
          : refuse(res),
    });
    keyed = await startTestAgent({
      editCard: (card) => ({
        ...card,
        name: "Keyed agent",
        securitySchemes: {
          key: { apiKeySecurityScheme: { location: "query", name: "agent_key" } },
        },
      }),
      intercept: (request, res) =>
        new URL(request.path, "http://x").searchParams.get("agent_key") === "k3y"
          ? false
          : refuse(res),
    });
    // Asks for authorization on the first turn (A2A auth-required), answers on the next.
    asking = await startTestAgent({
      editCard: (card) => ({
        ...card,
        name: "Strict agent",
        securitySchemes: { token: { httpAuthSecurityScheme: { scheme: "bearer" } } },
      }),
      intercept: (request, res) =>
        request.headers.authorization === "Bearer t0k" ? false : refuse(res),
      script: async (publish, { taskId, contextId }) => {
        askingTurns += 1;
        const first = askingTurns === 1;
        publish(
          AgentEvent.statusUpdate({
            taskId,
            contextId,
            status: {
              state: first ? TaskState.TASK_STATE_AUTH_REQUIRED : TaskState.TASK_STATE_COMPLETED,
              message: {
                messageId: `strict-${askingTurns}`,
                contextId,
                taskId,
                role: Role.ROLE_AGENT,
                parts: [
                  {
                    content: {
                      $case: "text",
                      value: first ? "Please sign in to me again" : "Thanks, you are signed in",
                    },
                    mediaType: "text/plain",
                    filename: "",
                    metadata: undefined,
                  },
                ],
                metadata: undefined,
                extensions: [],
                referenceTaskIds: [],
              },
              timestamp: new Date().toISOString(),
            },
            metadata: undefined,
          }),
        );
      },
    });
  });
  afterAll(async () => {
    await Promise.all([oauth?.close(), corp?.close(), keyed?.close(), asking?.close()]);
  });
  const suite = useServerAndBrowser({
    ...unlimitedEnv,
    OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
    OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 7).toString("base64"),
  });

  it("offers the card's OAuth scheme when adding, signs in at the authorization server, and chats", async () => {
    const { page, errors } = await openChat(suite.browser, suite.server.url);
    const agentsColumn = page.getByRole("complementary", { name: "Agents" });
    await page.getByRole("article", { name: "Message from Assistant" }).first().waitFor();
    await waitForReplyDone(page);
    await page.getByLabel("Agent URL").fill(corp.url);
    await page.getByRole("button", { name: "Add", exact: true }).click();

    // The add dialog goes on to the sign-in the card declares: exactly its one scheme.
    const dialog = page.getByRole("dialog", { name: "Sign in to Corp agent" });
    await dialog.getByText("Corp agent declares how to sign in to it. Choose one:").waitFor();
    expect(await dialog.getByRole("form").count()).toBe(1);
    await screenshot(page, "agent-sign-in-offered");
    const clientsBefore = oauth.clients.size;
    await dialog.getByRole("button", { name: "Sign in with corp" }).click();

    // The authorization server approves and sends the browser back to our callback.
    await page.getByText("Signed in to Corp agent. You can close this page and go back.").waitFor();
    expect(oauth.clients.size).toBe(clientsBefore + 1);
    expect(oauth.grants).toContain("authorization_code");
    await screenshot(page, "agent-sign-in-callback");
    await page.getByRole("link", { name: "Back to the chat" }).click();

    const card = agentsColumn.getByRole("listitem").filter({ hasText: "Corp agent" });
    await agentsColumn.getByRole("button", { name: "Corp agent" }).click();
    await expect.poll(() => card.getAttribute("data-access")).toBe("open");
    await send(page, "hello corp");
    await page
      .getByRole("article", { name: "Message from Corp agent" })
      .filter({ hasText: "Echo: hello corp" })
      .first()
      .waitFor();
    const posts = corp.received.filter((r) => r.method === "POST");
    expect(posts.length).toBeGreaterThan(0);
    expect(
      posts.every((r) => oauth.accessTokenValid(String(r.headers.authorization).slice(7))),
    ).toBe(true);
    await screenshot(page, "agent-sign-in-reply");

    // The agent's sidebar entry offers the same sign-in, saying how the user is signed in.
    await card.getByRole("button", { name: "Connection" }).click();
    await page
      .getByRole("dialog", { name: "Sign in to Corp agent" })
      .getByText("Signed in with corp.")
      .waitFor();
    expect(errors).toEqual([]);
  });

  it("signs in from the sidebar entry with the API key the card puts in the query", async () => {
    const { page, errors } = await openChat(suite.browser, suite.server.url);
    const agentsColumn = page.getByRole("complementary", { name: "Agents" });
    await page.getByRole("article", { name: "Message from Assistant" }).first().waitFor();
    await waitForReplyDone(page);
    await page.getByLabel("Agent URL").fill(keyed.url);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to Keyed agent" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    const card = agentsColumn.getByRole("listitem").filter({ hasText: "Keyed agent" });
    expect(await card.getAttribute("data-access")).toBe("credentials");
    await card.getByRole("button", { name: "Connection" }).click();
    const form = dialog.getByRole("form", { name: "Sign in with key" });
    await form.getByText("API key agent_key (sent in the query)").waitFor();
    await form.getByLabel("Key").fill("k3y");
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => card.getAttribute("data-access")).toBe("open");
    await page.keyboard.press("Escape");
    await send(page, "hello keyed");
    await page
      .getByRole("article", { name: "Message from Keyed agent" })
      .filter({ hasText: "Echo: hello keyed" })
      .first()
      .waitFor();
    const posts = keyed.received.filter((r) => r.method === "POST");
    expect(posts.every((r) => r.path.includes("agent_key=k3y"))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("opens the same sign-in when the agent answers auth-required, and Continue answers the task", async () => {
    const { page, errors } = await openChat(suite.browser, suite.server.url);
    await page.getByRole("article", { name: "Message from Assistant" }).first().waitFor();
    await waitForReplyDone(page);
    await page.getByLabel("Agent URL").fill(asking.url);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to Strict agent" });
    const form = dialog.getByRole("form", { name: "Sign in with token" });
    await form.getByLabel("Token").fill("t0k");
    await form.getByRole("button", { name: "Sign in" }).click();
    await dialog.getByText("Signed in with token.").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await send(page, "open up");
    const panel = page.getByRole("region", { name: "Authentication Required" });
    await panel.getByText("Please sign in to me again").waitFor();
    await panel.getByRole("button", { name: "Authorize" }).click();
    // The agent's own sign-in opens (not this site's passkey sign-in).
    await form.getByLabel("Token").fill("t0k");
    await form.getByRole("button", { name: "Sign in" }).click();
    await dialog.getByText("Signed in with token.").waitFor();
    await screenshot(page, "agent-sign-in-auth-required");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await page
      .getByRole("article", { name: "Message from Strict agent" })
      .filter({ hasText: "Thanks, you are signed in" })
      .first()
      .waitFor();
    expect(askingTurns).toBe(2);
    expect(errors).toEqual([]);
  });
});
