import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMisbehavingMcp } from "../apps/server/src/test/misbehaving-mcp.js";
import { startOAuthMcpServer } from "../apps/server/src/test/oauth-mcp-server.js";
import { startRecordingProxy } from "../apps/server/src/test/recording-proxy.js";
import {
  apiGet,
  artifactFrame,
  messageLog,
  openFirstVisit,
  screenshotOf,
  storedToken,
  unlimitedEnv,
} from "./harness/artifacts.js";
import { screenshot } from "./harness/browser.js";
import { type EverythingServer, startEverything } from "./harness/everything.js";
import { useServerAndBrowser } from "./harness/suite.js";

describe("an MCP server added in the Tools column", () => {
  let everything: EverythingServer;
  // Records what reaches server-everything, to prove the session token never does.
  let recorder: Awaited<ReturnType<typeof startRecordingProxy>>;
  // A server that answers 401 unless sent "Bearer right".
  let guarded: Awaited<ReturnType<typeof startMisbehavingMcp>>;
  // An MCP server behind OAuth 2.1 with its own authorization server (grants at once).
  let oauth: Awaited<ReturnType<typeof startOAuthMcpServer>>;
  beforeAll(async () => {
    oauth = await startOAuthMcpServer();
    everything = await startEverything();
    guarded = await startMisbehavingMcp();
    recorder = await startRecordingProxy(new URL(everything.url).origin);
  }, 60_000);
  afterAll(async () => {
    await recorder?.close();
    await guarded?.close();
    await oauth?.close();
    await everything?.stop();
  });
  // server-everything listens on loopback, which only an allow-listed host may reach (over http).
  const suite = useServerAndBrowser({
    ...unlimitedEnv,
    OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
    OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 7).toString("base64"),
  });

  it("is added with its credentials, lists its tools through this site, runs one and keeps it after a reload", async () => {
    const { page, errors } = await openFirstVisit(suite.browser, suite.server.url);
    const column = page.getByRole("list", { name: "Tool servers" });
    await column.getByRole("button", { name: "analytics", exact: true }).waitFor();

    await page.getByRole("button", { name: "Add server", exact: true }).click();
    const dialog = page.getByRole("form", { name: "Add MCP server" });
    await dialog.getByLabel("Name").fill("My everything");
    // A remote http:// URL is refused on save with the documented rule.
    await dialog.getByLabel("Server URL").fill("http://tools.example.com/mcp");
    await dialog.getByRole("button", { name: "Add server" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Remote servers must use HTTPS" }).waitFor();
    await dialog.getByLabel("Server URL").fill(`${recorder.origin}/mcp`);
    await dialog.getByLabel("Authentication").selectOption("bearer");
    await dialog.getByLabel("Token").fill("everything-secret");
    await screenshot(page, "add-tool-server-form");
    await dialog.getByRole("button", { name: "Add server" }).click();
    await dialog.waitFor({ state: "detached" });

    const toggle = column.getByRole("button", { name: "My everything", exact: true });
    await toggle.click();
    await page.getByRole("button", { name: "Run echo", exact: true }).click();
    const form = page.getByRole("form", { name: "Parameters of echo" });
    await form.getByLabel(/^Message/).fill("hello through our proxy");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const result = artifactFrame(messageLog(page), "echo");
    await result.waitFor({ timeout: 15_000 });
    await expect.poll(() => result.innerText()).toContain("Echo: hello through our proxy");
    await screenshotOf(page, result, "added-tool-server-artifact");
    await screenshot(page, "added-tool-server-column");

    // The browser never called server-everything: this server did, with the stored token only.
    const token = await storedToken(page);
    expect(recorder.received.length).toBeGreaterThan(3);
    for (const request of recorder.received) {
      expect(JSON.stringify(request.headers)).not.toContain(token);
      expect(request.body).not.toContain(token);
      expect(request.headers.authorization).toBe("Bearer everything-secret");
    }
    // The secret is not shown back.
    const listed = await apiGet<{ data: unknown[] }>(
      page,
      suite.server.url,
      "/api/v1/mcp/external",
    );
    expect(JSON.stringify(listed)).not.toContain("everything-secret");

    await page.reload();
    await column.getByRole("button", { name: "My everything", exact: true }).waitFor();
    await artifactFrame(messageLog(page), "echo").waitFor({ timeout: 15_000 });

    // Removing it takes it out of the column.
    await column.getByRole("button", { name: "My everything", exact: true }).click();
    await page.getByRole("button", { name: "Remove My everything" }).click();
    await column.getByRole("button", { name: "My everything", exact: true }).waitFor({
      state: "detached",
    });
    // The only error the page logged is the refused save's 400.
    expect(errors).toEqual([
      "Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
  });

  it("replaces its credentials write-only and the connection check says which step failed", async () => {
    const { page, errors } = await openFirstVisit(suite.browser, suite.server.url);
    const column = page.getByRole("list", { name: "Tool servers" });
    await column.getByRole("button", { name: "analytics", exact: true }).waitFor();
    await page.getByRole("button", { name: "Add server", exact: true }).click();
    const form = page.getByRole("form", { name: "Add MCP server" });
    await form.getByLabel("Name").fill("Guarded");
    await form.getByLabel("Server URL").fill(`${guarded.origin}/auth`);
    await form.getByLabel("Authentication").selectOption("bearer");
    await form.getByLabel("Token").fill("right");
    await form.getByRole("button", { name: "Add server" }).click();
    await form.waitFor({ state: "detached" });

    await column.getByRole("button", { name: "Guarded", exact: true }).click();
    await page.getByRole("button", { name: "Connection of Guarded" }).click();
    const dialog = page.getByRole("form", { name: "Connection of Guarded" });
    await dialog.getByText("Stored: Bearer token. Values are never shown").waitFor();
    expect(await dialog.getByLabel("Token").inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Check connection" }).click();
    await dialog
      .getByRole("status")
      .filter({ hasText: "Connection works: every step passed." })
      .waitFor();
    await screenshot(page, "connection-check-passed");

    await dialog.getByLabel("Token").fill("wrong");
    await dialog.getByRole("button", { name: "Save credentials" }).click();
    await dialog.getByText("Credentials saved.").waitFor();
    expect(await dialog.getByLabel("Token").inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Check connection" }).click();
    await dialog
      .getByRole("status")
      .filter({ hasText: "Connection failed at the Auth step." })
      .waitFor();
    await dialog.getByText("The server refused the stored credentials (HTTP 401)").waitFor();
    await screenshot(page, "connection-check-http-failed");
    // Still listed (it cannot be listed now), red, so it can be mended or removed.
    await page.keyboard.press("Escape");
    await column.getByRole("button", { name: "Guarded", exact: true }).waitFor();
    await column.getByRole("img", { name: "Status: error" }).waitFor();
    const token = await storedToken(page);
    for (const request of guarded.received) {
      expect(JSON.stringify(request.headers)).not.toContain(token);
      expect(request.body).not.toContain(token);
    }
    expect(errors).toEqual([]);
  });

  it("signs in to an OAuth server: sent to its authorization server and back, then its tool runs", async () => {
    const { page } = await openFirstVisit(suite.browser, suite.server.url);
    const column = page.getByRole("list", { name: "Tool servers" });
    await column.getByRole("button", { name: "analytics", exact: true }).waitFor();
    await page.getByRole("button", { name: "Add server", exact: true }).click();
    const form = page.getByRole("form", { name: "Add MCP server" });
    await form.getByLabel("Name").fill("Secured");
    await form.getByLabel("Server URL").fill(oauth.url);
    await form.getByLabel("Authentication").selectOption("oauth");
    await form.getByRole("button", { name: "Add server" }).click();
    await form.waitFor({ state: "detached" });

    // Not signed in yet: listed in red, its tools cannot be listed.
    await column.getByRole("button", { name: "Secured", exact: true }).click();
    await column.getByText("This server's tools could not be listed.").waitFor();
    await page.getByRole("button", { name: "Connection of Secured" }).click();
    const dialog = page.getByRole("form", { name: "Connection of Secured" });
    await dialog.getByRole("button", { name: "Sign in with OAuth" }).waitFor();
    await screenshot(page, "oauth-sign-in-dialog");
    await dialog.getByRole("button", { name: "Sign in with OAuth" }).click();
    await page
      .getByText("Signed in to Secured. You can close this tab and return to the chat.")
      .waitFor();
    await screenshot(page, "oauth-signed-in");
    await page.getByRole("link", { name: "Back to the chat" }).click();

    await column.getByRole("button", { name: "Secured", exact: true }).click();
    await page.getByRole("button", { name: "Run whoami", exact: true }).click();
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const result = artifactFrame(messageLog(page), "whoami");
    await result.waitFor({ timeout: 15_000 });
    await expect.poll(() => result.innerText()).toMatch(/client [0-9a-f-]{36}/);
    await screenshotOf(page, result, "oauth-tool-artifact");
    expect(oauth.grants).toEqual(["authorization_code"]);
  });
});
