import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestAgent } from "../apps/server/src/test/a2a-test-agent.js";
import { startKeyedAgent } from "../apps/server/src/test/keyed-agent.js";
import { startMisbehavingMcp } from "../apps/server/src/test/misbehaving-mcp.js";
import { freePort } from "../apps/server/src/test/server-process.js";
import { openFirstVisit } from "./harness/artifacts.js";
import { screenshot } from "./harness/browser.js";
import { openChat, unlimitedEnv, waitForReplyDone } from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

describe("the connection doctor", () => {
  let echo: Awaited<ReturnType<typeof startTestAgent>>;
  let keyed: Awaited<ReturnType<typeof startKeyedAgent>>;
  // An MCP server that answers 401 unless sent "Bearer right".
  let guarded: Awaited<ReturnType<typeof startMisbehavingMcp>>;
  beforeAll(async () => {
    [echo, keyed, guarded] = await Promise.all([
      startTestAgent(),
      startKeyedAgent("the-key"),
      startMisbehavingMcp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([echo?.close(), keyed?.close(), guarded?.close()]);
  });
  const suite = useServerAndBrowser({
    ...unlimitedEnv,
    OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
    OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 9).toString("base64"),
  });

  it("checks an agent's URL from the add form, then an added agent from its card", async () => {
    const { page, errors } = await openChat(suite.browser, suite.server.url);
    await page.getByRole("article", { name: "Message from Assistant" }).first().waitFor();
    await waitForReplyDone(page);
    const form = page.getByRole("form", { name: "Add agent" });
    const doctor = form.getByRole("region", { name: "Connection doctor" });

    // A closed port: the TCP step fails and says what to do.
    const closed = await freePort();
    await page.getByLabel("Agent URL").fill(`http://127.0.0.1:${closed}`);
    await doctor.getByRole("button", { name: "Run connection doctor" }).click();
    await doctor
      .getByRole("status")
      .filter({ hasText: "Connection failed at the TCP step." })
      .waitFor();
    await doctor
      .getByText(
        `Could not connect to 127.0.0.1 port ${closed}: connection refused (nothing listens there)`,
      )
      .waitFor();
    await doctor.getByText(/^What to do: Check the port in the URL/).waitFor();

    // An agent whose card asks for an API key: the Auth step fails before anything is sent.
    await page.getByLabel("Agent URL").fill(keyed.url);
    await doctor.getByRole("button", { name: "Run again" }).click();
    await doctor
      .getByRole("status")
      .filter({ hasText: "Connection failed at the Auth step." })
      .waitFor();
    await doctor.getByText(/^Keyed agent requires you to sign in to it \(key\)/).waitFor();
    await screenshot(page, "connection-doctor-add-agent");

    // Added, the agent's card offers the doctor, which runs with what is stored.
    await page.getByLabel("Agent URL").fill(echo.url);
    await form.getByRole("button", { name: "Add", exact: true }).click();
    const agents = page.getByRole("complementary", { name: "Agents" });
    await agents.getByRole("button", { name: "Echo agent", pressed: true }).waitFor();
    await agents.getByRole("button", { name: "Doctor", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Connection doctor: Echo agent" });
    await dialog
      .getByRole("status")
      .filter({ hasText: "Connection works: every step passed." })
      .waitFor();
    for (const label of ["DNS", "TCP", "TLS", "Discovery", "Protocol version", "Auth", "Test call"])
      await dialog.getByText(label, { exact: true }).waitFor();
    await dialog.getByText(/^A2A 1\.0 \(the card declares 1\.0\)$/).waitFor();
    await screenshot(page, "connection-doctor-agent-menu");
    expect(errors).toEqual([]);
  });

  it("checks a tool server from the add dialog before it is saved, then from its entry", async () => {
    const { page, errors } = await openFirstVisit(suite.browser, suite.server.url);
    const column = page.getByRole("list", { name: "Tool servers" });
    await column.getByRole("button", { name: "analytics", exact: true }).waitFor();
    await page.getByRole("button", { name: "Add server", exact: true }).click();
    const form = page.getByRole("form", { name: "Add MCP server" });
    const doctor = form.getByRole("region", { name: "Connection doctor" });
    await form.getByLabel("Name").fill("Guarded");
    await form.getByLabel("Server URL").fill(`${guarded.origin}/auth`);
    await form.getByLabel("Authentication").selectOption("bearer");
    await form.getByLabel("Token").fill("wrong");
    await doctor.getByRole("button", { name: "Run connection doctor" }).click();
    await doctor
      .getByRole("status")
      .filter({ hasText: "Connection failed at the Auth step." })
      .waitFor();
    await doctor.getByText("The server refused the stored credentials (HTTP 401)").waitFor();
    await screenshot(page, "connection-doctor-add-server");

    await form.getByLabel("Token").fill("right");
    await doctor.getByRole("button", { name: "Run again" }).click();
    await doctor
      .getByRole("status")
      .filter({ hasText: "Connection works: every step passed." })
      .waitFor();
    await doctor.getByText("tools/list answered: 1 tool").waitFor();
    await form.getByRole("button", { name: "Add server" }).click();
    await form.waitFor({ state: "detached" });

    await column.getByRole("button", { name: "Guarded", exact: true }).click();
    await page.getByRole("button", { name: "Connection doctor of Guarded" }).click();
    const dialog = page.getByRole("dialog", { name: "Connection doctor: Guarded" });
    await dialog
      .getByRole("status")
      .filter({ hasText: "Connection works: every step passed." })
      .waitFor();
    await dialog.getByText(/^MCP protocol \d{4}-\d\d-\d\d negotiated/).waitFor();
    expect(errors).toEqual([]);
  });
});
