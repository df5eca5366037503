import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOAuthMcpServer } from "../apps/server/src/test/oauth-mcp-server.js";
import { artifactFrame, messageLog, openFirstVisit, unlimitedEnv } from "./harness/artifacts.js";
import { screenshot } from "./harness/browser.js";
import { useServerAndBrowser } from "./harness/suite.js";

describe("an OAuth MCP server reached machine to machine (client credentials)", () => {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  // Takes only clients it registered: one by its private key (private_key_jwt).
  let oauth: Awaited<ReturnType<typeof startOAuthMcpServer>>;
  beforeAll(async () => {
    oauth = await startOAuthMcpServer({
      registration: false,
      clientCredentials: { keys: { "chat-machine": publicKey } },
    });
  });
  afterAll(async () => {
    await oauth?.close();
  });
  const suite = useServerAndBrowser({
    ...unlimitedEnv,
    OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
    OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 9).toString("base64"),
  });

  it("is added with its client ID and private key, and its tool runs without anyone signing in", async () => {
    const { page } = await openFirstVisit(suite.browser, suite.server.url);
    const column = page.getByRole("list", { name: "Tool servers" });
    await column.getByRole("button", { name: "analytics", exact: true }).waitFor();
    await page.getByRole("button", { name: "Add server", exact: true }).click();
    const form = page.getByRole("form", { name: "Add MCP server" });
    await form.getByLabel("Name").fill("Machine");
    await form.getByLabel("Server URL").fill(oauth.url);
    await form.getByLabel("Authentication").selectOption("oauth");
    await form.getByLabel("Grant").selectOption("client_credentials");
    // Nothing to identify the client yet: the form says what is missing.
    await form.getByRole("button", { name: "Add server" }).click();
    await form
      .getByText(
        "Client credentials need the client ID the authorization server registered for this site",
      )
      .waitFor();
    await form.getByLabel("Client ID").fill("chat-machine");
    await form
      .getByLabel(/Private key/)
      .fill(privateKey.export({ type: "pkcs8", format: "pem" }).toString());
    await screenshot(page, "oauth-client-credentials-form");
    await form.getByRole("button", { name: "Add server" }).click();
    await form.waitFor({ state: "detached" });

    await column.getByRole("button", { name: "Machine", exact: true }).click();
    await page.getByRole("button", { name: "Run whoami", exact: true }).click();
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const result = artifactFrame(messageLog(page), "whoami");
    await result.waitFor({ timeout: 15_000 });
    await expect.poll(() => result.innerText()).toMatch(/client chat-machine/);
    expect(oauth.grants).toEqual(["client_credentials"]);
    expect(oauth.authorizationClients).toEqual([]);
  });
});
