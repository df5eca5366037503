import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ExampleAppServer,
  startExampleAppServer,
} from "../apps/server/src/test/example-app-server.js";
import { messageLog, openFirstVisit, screenshotOf, unlimitedEnv } from "./harness/artifacts.js";
import { startHostileAppMcp } from "./harness/hostile-app-mcp.js";
import { addToolServer, appFrame, resultRegion, runTool } from "./harness/mcp-apps.js";
import { useServerAndBrowser } from "./harness/suite.js";

describe("MCP Apps from servers a user added", () => {
  let basic: ExampleAppServer;
  let monitor: ExampleAppServer;
  let budget: ExampleAppServer;
  beforeAll(async () => {
    basic = await startExampleAppServer("@modelcontextprotocol/server-basic-vanillajs");
    monitor = await startExampleAppServer("@modelcontextprotocol/server-system-monitor");
    budget = await startExampleAppServer("@modelcontextprotocol/server-budget-allocator");
  }, 60_000);
  afterAll(async () => {
    await basic?.stop();
    await monitor?.stop();
    await budget?.stop();
  });
  // The example servers listen on loopback, which only an allow-listed host may reach.
  const suite = useServerAndBrowser({ ...unlimitedEnv, OUTBOUND_ALLOW_HOSTS: "127.0.0.1" });

  it("renders server-basic-vanillajs's app, whose button calls its tool, and again after a reload", async () => {
    const { page, errors } = await openFirstVisit(suite.browser, suite.server.url);
    await addToolServer(page, "Basic app", basic.url);
    await runTool(page, "get-time");
    const region = resultRegion(page, "get-time");
    await region.waitFor({ timeout: 15_000 });
    const app = appFrame(region, "get-time");
    const time = app.locator("#server-time");
    // The tool's result reached the app over the bridge: it shows the server's time.
    await expect.poll(() => time.innerText(), { timeout: 15_000 }).toMatch(/^\d{4}-\d\d-\d\dT/);
    const first = await time.innerText();
    await screenshotOf(page, region, "mcp-app-basic");

    // The app's button calls get-time through the bridge and this site's proxy.
    await page.waitForTimeout(5);
    await app.getByRole("button", { name: "Get Server Time" }).click();
    await expect.poll(() => time.innerText(), { timeout: 15_000 }).not.toBe(first);
    expect(await time.innerText()).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The app's call left no message of its own in the conversation.
    expect(await messageLog(page).getByRole("region", { name: "get-time app" }).count()).toBe(1);

    await page.reload();
    const again = resultRegion(page, "get-time");
    await again.waitFor({ timeout: 15_000 });
    // The stored result renders the app again, with the first call's time.
    await expect
      .poll(() => appFrame(again, "get-time").locator("#server-time").innerText(), {
        timeout: 15_000,
      })
      .toBe(first);
    expect(errors.filter((e) => !e.includes("favicon"))).toEqual([]);
  });

  it("keeps server-system-monitor's app-only tool out of the column while its app polls it", async () => {
    const { page } = await openFirstVisit(suite.browser, suite.server.url);
    await addToolServer(page, "Monitor", monitor.url);
    await page.getByRole("button", { name: "Run get-system-info", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Run poll-system-stats" }).count()).toBe(0);
    await runTool(page, "get-system-info");
    const region = resultRegion(page, "get-system-info");
    await region.waitFor({ timeout: 15_000 });
    const app = appFrame(region, "get-system-info");
    // The memory figure comes from poll-system-stats, which only the app calls.
    await expect
      .poll(() => app.locator("body").innerText(), { timeout: 20_000 })
      .toMatch(/\d+(\.\d+)?\s*(GB|MB)/);
    await screenshotOf(page, region, "mcp-app-system-monitor");
  });

  it("renders server-budget-allocator's app from its tool's result", async () => {
    const { page } = await openFirstVisit(suite.browser, suite.server.url);
    await addToolServer(page, "Budget", budget.url);
    await runTool(page, "get-budget-data");
    const region = resultRegion(page, "get-budget-data");
    await region.waitFor({ timeout: 15_000 });
    const app = appFrame(region, "get-budget-data");
    // One slider per budget category, built from the result the host sent the app.
    await expect
      .poll(() => app.locator('#sliders-container input[type="range"]').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await screenshotOf(page, region, "mcp-app-budget-allocator");
  });
});

describe("a hostile MCP App", () => {
  let basic: ExampleAppServer;
  let hostile: Awaited<ReturnType<typeof startHostileAppMcp>> | undefined;
  beforeAll(async () => {
    basic = await startExampleAppServer("@modelcontextprotocol/server-basic-vanillajs");
  }, 60_000);
  afterAll(async () => {
    await hostile?.stop();
    await basic?.stop();
  });
  const suite = useServerAndBrowser({ ...unlimitedEnv, OUTBOUND_ALLOW_HOSTS: "127.0.0.1" });

  it("gets nothing: no token, cookies, parent, top navigation, popups, our API, undeclared hosts or other apps", async () => {
    hostile = await startHostileAppMcp(suite.server.url, basic.url);
    const { page } = await openFirstVisit(suite.browser, suite.server.url);
    const chatUrl = page.url();
    // Another app on the page, which the hostile one tries to reach.
    await addToolServer(page, "Basic app", basic.url);
    await runTool(page, "get-time");
    const time = appFrame(resultRegion(page, "get-time"), "get-time").locator("#server-time");
    await expect.poll(() => time.innerText(), { timeout: 15_000 }).toMatch(/^\d{4}-/);
    const shownTime = await time.innerText();

    await addToolServer(page, "Hostile", hostile.url);
    await runTool(page, "hostile_probe");
    const region = resultRegion(page, "hostile_probe");
    await region.waitFor({ timeout: 15_000 });
    const app = appFrame(region, "hostile_probe");
    const check = (name: string) => app.locator(`li[data-check="${name}"]`);
    await check("done").waitFor({ timeout: 15_000 });
    await check("api-fetch").waitFor({ timeout: 10_000 });
    await check("declared-fetch").waitFor({ timeout: 10_000 });
    await check("undeclared-fetch").waitFor({ timeout: 10_000 });
    const outcome = async (name: string) =>
      (await check(name).innerText()).replace(`${name}: `, "");
    // An opaque origin: no cookies, no storage, no way into the chat page.
    expect(await outcome("origin")).toBe("got null");
    expect(await outcome("cookies")).toBe("blocked SecurityError");
    expect(await outcome("storage")).toBe("blocked SecurityError");
    expect(await outcome("parent-document")).toBe("blocked SecurityError");
    expect(await outcome("top-document")).toBe("blocked SecurityError");
    expect(await outcome("top-storage")).toBe("blocked SecurityError");
    expect(await outcome("popup")).toBe("got nothing");
    // Our API is refused by the app's policy even though the resource declared it.
    expect(await outcome("api-fetch")).toBe("blocked TypeError");
    await check("csp connect-src").first().waitFor();
    // The declared host answers; an undeclared one is refused by the policy.
    expect(await outcome("declared-fetch")).toBe("got 200");
    expect(await outcome("undeclared-fetch")).toBe("blocked TypeError");
    await screenshotOf(page, region, "mcp-app-hostile");

    // Top navigation went nowhere; the spoofed call never reached the server; the other app
    // still shows its own result.
    await page.waitForTimeout(1000);
    expect(page.url()).toBe(chatUrl);
    expect(hostile.calls).toEqual([{}]);
    expect(await time.innerText()).toBe(shownTime);
    const other = appFrame(resultRegion(page, "get-time"), "get-time");
    expect(await other.getByText("SPOOFED").count()).toBe(0);
  });
});

describe("the built-in sales explorer app", () => {
  const suite = useServerAndBrowser(unlimitedEnv);

  it("works on a fresh install: charts by month, regroups through sales_chart, asks the agent", async () => {
    const { page, errors } = await openFirstVisit(suite.browser, suite.server.url);
    const column = page.getByRole("list", { name: "Tool servers" });
    await column.getByRole("button", { name: "analytics", exact: true }).click();
    await runTool(page, "sales_explorer");
    const region = resultRegion(page, "sales_explorer");
    await region.waitFor({ timeout: 15_000 });
    const app = appFrame(region, "sales_explorer");
    // The app called sales_chart for the tool's starting view: twelve months.
    await expect.poll(() => app.locator("#rows tr").count(), { timeout: 15_000 }).toBe(12);
    await expect.poll(() => app.locator("#heading").innerText()).toBe("Revenue (USD) by month");

    await app.getByRole("button", { name: "By region" }).click();
    await expect.poll(() => app.locator("#rows tr").count()).toBe(5);
    expect(await app.locator("#rows").innerText()).toContain("Middle East & Africa");
    await app.getByRole("button", { name: "Orders" }).click();
    await expect.poll(() => app.locator("#heading").innerText()).toBe("Orders by region");
    await screenshotOf(page, region, "mcp-app-sales-explorer");

    // ui/message: the app adds a user message to the conversation, and the agent answers it.
    await app.getByRole("button", { name: "Ask about this" }).click();
    await page
      .getByRole("article", { name: "Your message" })
      .filter({ hasText: "Tell me about the orders by region in the sample orders." })
      .waitFor({ timeout: 15_000 });
    expect(errors.filter((e) => !e.includes("favicon"))).toEqual([]);
  });
});
