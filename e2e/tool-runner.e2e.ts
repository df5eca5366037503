import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiGet,
  artifactFrame,
  eventually,
  messageLog,
  openFirstVisit,
  screenshotOf,
  unlimitedEnv,
} from "./harness/artifacts.js";
import { screenshot, workerChromium } from "./harness/browser.js";
import { headerCount, openChat, phoneContext, watchPlaceholder } from "./harness/chat.js";
import { type EverythingServer, startEverything } from "./harness/everything.js";
import { type E2eServer, startBuiltServer } from "./harness/server.js";
import { pickTool } from "./harness/tools.js";

interface StoredTask {
  id: string;
  status: { state: string };
  metadata: { tool_name?: string; task_type?: string };
}

async function currentTasks(page: Page, baseUrl: string): Promise<StoredTask[]> {
  const contexts = await apiGet<{ context_id: string; name: string }[]>(
    page,
    baseUrl,
    "/api/v1/core/contexts",
  );
  const current = contexts.find((c) => c.name === "Default Conversation");
  if (!current) throw new Error("no Default Conversation");
  return apiGet<StoredTask[]>(page, baseUrl, `/api/v1/core/contexts/${current.context_id}/tasks`);
}

describe("running tools from the tools column", () => {
  let everything: EverythingServer;
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    everything = await startEverything();
    server = await startBuiltServer({ ...unlimitedEnv, CONFIG: everything.configPath });
    browser = await workerChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await everything?.stop();
  });

  it("fills a form (dynamic options, an invalid value and its message), runs it and shows the artifact", async () => {
    const { page, errors } = await openFirstVisit(browser, server.url);
    await pickTool(page, "analytics", "query_orders");
    const form = page.getByRole("form", { name: "Parameters of query_orders" });
    // The region's options come from list_regions.
    const region = form.getByLabel("Region");
    await expect.poll(() => region.evaluate((el) => el.tagName)).toBe("SELECT");
    await region.selectOption({ label: "Europe" });
    const limit = form.getByLabel(/^Limit/);
    await limit.fill("0");
    await form.getByText("Must be at least 1").waitFor();
    await screenshot(page, "tool-form-invalid");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    // Still invalid: the form stays.
    await form.getByText("Must be at least 1").waitFor();
    await limit.fill("5");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await form.waitFor({ state: "detached" });
    const table = artifactFrame(messageLog(page), "query_orders");
    await table.waitFor({ timeout: 15_000 });
    await expect.poll(() => table.locator("tbody tr").count()).toBe(5);
    expect(await table.locator("tbody").innerText()).toContain("Europe");
    await screenshotOf(page, table, "tool-run-artifact");
    // The result is a message of the conversation: the welcome exchange and it, live and reloaded.
    await expect.poll(() => headerCount(page)).toBe(3);
    // The run is listed, done; its result opens with the arguments sent.
    const runs = page.getByRole("region", { name: "Tool runs" });
    await runs.getByText("Done").waitFor();
    await runs.getByRole("button", { name: "query_orders" }).click();
    const modal = page.getByRole("dialog", { name: "query_orders" });
    await modal.getByText("Arguments sent").click();
    expect(await modal.locator("pre").innerText()).toContain('"region": "europe"');
    await screenshot(page, "tool-result-arguments");
    await page.reload();
    await artifactFrame(messageLog(page), "query_orders").waitFor({ timeout: 15_000 });
    expect(await headerCount(page)).toBe(3);
    expect(errors).toEqual([]);
  });

  it("cancels the slow report mid-way, on the server too", async () => {
    const { page } = await openFirstVisit(browser, server.url);
    await pickTool(page, "analytics", "build_report");
    await page.getByText("This tool takes no parameters.").waitFor();
    const placeholders = await watchPlaceholder(page);
    await page.getByRole("button", { name: "Run", exact: true }).click();
    // build_report renders 'both': the result window opens with its progress.
    const modal = page.getByRole("dialog", { name: "build_report" });
    const bar = modal.getByRole("progressbar", { name: "Progress of build_report" });
    await bar.waitFor();
    // The report takes about 2 s in five steps: cancel once the first step is reported.
    await expect.poll(() => bar.getAttribute("aria-valuenow"), { interval: 50 }).not.toBe("0");
    await modal.getByRole("button", { name: "Cancel" }).click();
    const runs = page.getByRole("region", { name: "Tool runs" });
    await runs.getByText("Tool execution cancelled").waitFor();
    const tasks = await eventually(
      () => currentTasks(page, server.url),
      (list) =>
        list.some((t) => t.metadata.tool_name === "build_report" && t.status.state !== "working"),
    );
    const report = tasks.find((t) => t.metadata.tool_name === "build_report");
    expect(report?.status.state).toBe("failed");
    await modal.getByText("Tool execution cancelled").waitFor();
    // Cancelled is no failure; a direct run is no reply: the composer never said an AI responds.
    await modal.getByRole("heading", { name: "Execution Cancelled" }).waitFor();
    expect(await modal.getByText("Execution Failed").count()).toBe(0);
    expect(await runs.getByText("Cancelled", { exact: true }).count()).toBe(1);
    expect(await placeholders()).not.toContain("AI is responding...");
    await screenshot(page, "tool-run-cancelled");
  });

  it("runs a tool of server-everything, configured as an external server, through this site", async () => {
    const { page, errors } = await openFirstVisit(browser, server.url);
    // The browser talks to this site only: the server's own address is never asked.
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(`${server.url}/`) && !url.startsWith("data:")) elsewhere.push(url);
    });
    await pickTool(page, "everything", "get-structured-content");
    const form = page.getByRole("form", { name: "Parameters of get-structured-content" });
    await form.getByLabel(/^Location/).selectOption("Chicago");
    await screenshot(page, "tool-form-everything");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const result = artifactFrame(messageLog(page), "get-structured-content");
    await result.waitFor({ timeout: 15_000 });
    await expect.poll(() => result.innerText()).toContain("Light rain");
    await screenshotOf(page, result, "tool-run-everything");

    // A tool with a richer schema renders a usable form and runs too.
    await pickTool(page, "everything", "get-sum");
    const sum = page.getByRole("form", { name: "Parameters of get-sum" });
    await sum.getByLabel(/^A/).fill("2");
    await sum.getByLabel(/^B/).fill("x");
    await sum.getByText("Must be a number").waitFor();
    await sum.getByLabel(/^B/).fill("40");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await expect.poll(() => messageLog(page).innerText(), { timeout: 15_000 }).toContain("42");

    // A result of text and an image keeps both: the image shows inline.
    await pickTool(page, "everything", "get-tiny-image");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const image = artifactFrame(messageLog(page), "get-tiny-image");
    await image.waitFor({ timeout: 15_000 });
    const files = messageLog(page).getByRole("list", { name: "Files" }).last();
    await files.getByRole("img").waitFor();
    expect(await files.getByRole("img").getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    await screenshotOf(page, messageLog(page).locator("article").last(), "tool-run-image");
    // The registry's dot of server-everything is green.
    expect(
      await page
        .getByRole("list", { name: "Tool servers" })
        .getByRole("img", { name: "Status: running" })
        .count(),
    ).toBeGreaterThanOrEqual(3);
    expect(elsewhere).toEqual([]);
    // With the servers' long tool lists open the shell still fits the window: nothing in the
    // column (a screen-reader label of a tool's render badge) makes the document scroll the
    // header away.
    const column = page.getByRole("list", { name: "Tool servers" });
    for (const name of ["analytics", "product", "everything"]) {
      const toggle = column.getByRole("button", { name, exact: true });
      if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    }
    await page.getByRole("button", { name: "Run code_sample", exact: true }).waitFor();
    await page.getByText("Render behaviour:").first().waitFor({ state: "attached" });
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  it("runs a tool from the phone's tools drawer", async () => {
    const { page } = await openChat(browser, server.url, phoneContext);
    await page.getByRole("navigation").getByRole("button", { name: "Tools" }).tap();
    const drawer = page.getByRole("dialog", { name: "TOOLS" });
    await drawer.getByRole("button", { name: "analytics", exact: true }).tap();
    await drawer.getByRole("button", { name: "Run list_regions", exact: true }).tap();
    const form = page.getByRole("form", { name: "Parameters of list_regions" });
    await form.waitFor();
    await form.getByLabel(/^Filter/).fill("eu");
    await screenshot(page, "tool-form-phone");
    const bubbles = await page.getByRole("article").count();
    await page.getByRole("button", { name: "Run", exact: true }).tap();
    await form.waitFor({ state: "detached" });
    await drawer
      .getByRole("region", { name: "Tool runs" })
      .getByText("Done")
      .waitFor({ timeout: 15_000 });
    // list_regions is silent: its run leaves no (empty) reply bubble in the thread.
    expect(await page.getByRole("article").count()).toBe(bubbles);
    await screenshot(page, "tool-run-phone");
  });
});
