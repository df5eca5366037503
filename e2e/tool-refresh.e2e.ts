import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  apiGet,
  artifactFrame,
  type ChatTab,
  eventually,
  messageLog,
  openFirstVisit,
  screenshotOf,
  sendPrompt,
  unlimitedEnv,
  waitIdle,
} from "./harness/artifacts.js";
import { screenshot } from "./harness/browser.js";
import { useServerAndBrowser } from "./harness/suite.js";

interface StoredArtifact {
  artifactId: string;
  metadata: { tool_name?: string; mcp_execution_id?: string; created_at: string };
}

/** The conversation's artifacts made by one tool, read over REST with the page's own token. */
async function toolArtifacts(page: Page, baseUrl: string, tool: string): Promise<StoredArtifact[]> {
  const contexts = await apiGet<{ context_id: string; name: string }[]>(
    page,
    baseUrl,
    "/api/v1/core/contexts",
  );
  const current = contexts.find((c) => c.name === "Default Conversation");
  if (!current) throw new Error("no Default Conversation");
  const artifacts = await apiGet<StoredArtifact[]>(
    page,
    baseUrl,
    `/api/v1/core/contexts/${current.context_id}/artifacts`,
  );
  return artifacts.filter((a) => a.metadata.tool_name === tool);
}

/**
 * Holds every MCP tool call of the page for a while before it goes to the server, so the modal's
 * progress can be seen (the built-in tools answer in milliseconds). Nothing else is changed.
 */
async function slowToolCalls(page: Page, delayMs: number): Promise<void> {
  await page.route("**/api/v1/mcp/*/mcp", async (route) => {
    if (route.request().postData()?.includes('"tools/call"')) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    await route.fallback();
  });
}

async function uptimeOf(page: Page): Promise<string> {
  const card = artifactFrame(messageLog(page), "server_metrics")
    .getByRole("region", { name: "Process" })
    .locator("li")
    .filter({ hasText: "Uptime" });
  return (await card.locator("p").nth(1).textContent()) ?? "";
}

describe("refreshing a tool-backed artifact", () => {
  const suite = useServerAndBrowser(unlimitedEnv);
  let tab: ChatTab;

  beforeAll(async () => {
    tab = await openFirstVisit(suite.browser, suite.server.url);
    await slowToolCalls(tab.page, 1500);
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "fail") {
      await screenshot(tab.page, `failed-refresh-${context.task.name.slice(0, 30)}`);
    }
  });
  afterAll(async () => {
    await tab?.page.context().close();
  });

  it("re-runs server_metrics: the modal shows the run, the new dashboard replaces the old", async () => {
    const { page } = tab;
    await sendPrompt(page, "show me a dashboard", "Here is the dashboard.");
    const log = messageLog(page);
    const dashboards = artifactFrame(log, "server_metrics");
    // The dashboard viewer's code loads on first use: wait for it before counting.
    await dashboards.first().waitFor();
    expect(await dashboards.count()).toBe(1);
    const before = await toolArtifacts(page, suite.server.url, "server_metrics");
    expect(before).toHaveLength(1);
    expect(before[0]?.metadata.mcp_execution_id).toBeTruthy();
    // Uptime is shown to the second: the refresh's tool call is held 1.5 s on its way
    // (slowToolCalls), so the new figures differ.
    const firstUptime = await uptimeOf(page);

    await page.getByRole("button", { name: "Refresh server_metrics" }).click();
    const modal = page.getByRole("dialog", { name: "server_metrics" });
    await modal
      .getByText("Executing server_metrics... Please wait while the tool processes.", {
        exact: true,
      })
      .waitFor();
    await modal.getByRole("progressbar", { name: "Executing server_metrics" }).waitFor();
    await screenshot(page, "refresh-executing");
    // server_metrics shows its result in the modal as well as inline ('both'): the modal stays.
    await modal.getByText(/^Completed in /).waitFor({ timeout: 15_000 });
    await artifactFrame(modal, "server_metrics").waitFor();
    await screenshot(page, "refresh-completed");
    await modal.getByRole("button", { name: "Close", exact: true }).click();
    await modal.waitFor({ state: "detached" });

    // The conversation holds the new dashboard in place of the old one, once.
    const refreshed = await eventually(
      () => uptimeOf(page),
      (uptime) => uptime !== firstUptime,
    );
    expect(refreshed).not.toBe(firstUptime);
    expect(await dashboards.count()).toBe(1);
    const after = await toolArtifacts(page, suite.server.url, "server_metrics");
    expect(after).toHaveLength(1);
    expect(after[0]?.artifactId).not.toBe(before[0]?.artifactId);
    await screenshotOf(page, dashboards, "refresh-conversation");

    // The Artifacts view lists only the new one.
    await page.getByRole("tab", { name: "Artifacts", exact: true }).click();
    // The view may show the artifacts the page already holds while its list loads: wait for the
    // list to settle on the new one rather than reading the first cards shown.
    const metricsCards = page
      .getByRole("article", { name: /^Artifact / })
      .filter({ has: page.getByRole("heading", { name: "server_metrics" }) });
    await expect
      .poll(() =>
        metricsCards.evaluateAll((found) => found.map((card) => card.getAttribute("aria-label"))),
      )
      .toEqual([`Artifact ${after[0]?.artifactId.slice(0, 8)}`]);
    await page.getByRole("tab", { name: "Conversation", exact: true }).click();

    // After a reload still only the refreshed dashboard is there.
    await page.reload();
    await messageLog(page).waitFor();
    await waitIdle(page);
    await artifactFrame(messageLog(page), "server_metrics").waitFor();
    expect(await artifactFrame(messageLog(page), "server_metrics").count()).toBe(1);
    expect(await uptimeOf(page)).toBe(refreshed);
    await screenshotOf(page, artifactFrame(messageLog(page), "server_metrics"), "refresh-reloaded");
    expect(tab.errors).toEqual([]);
  });

  it("re-runs query_orders: the modal closes on success and one table remains", async () => {
    const { page } = tab;
    await sendPrompt(page, "show me a table of orders", "Here they are as a table, newest first.");
    const tables = artifactFrame(messageLog(page), "query_orders");
    // The table viewer's code loads on first use: wait for it before counting.
    await tables.first().waitFor();
    expect(await tables.count()).toBe(1);
    const before = await toolArtifacts(page, suite.server.url, "query_orders");
    expect(before).toHaveLength(1);

    await page.getByRole("button", { name: "Refresh query_orders" }).click();
    const modal = page.getByRole("dialog", { name: "query_orders" });
    await modal
      .getByText("Executing query_orders... Please wait while the tool processes.", {
        exact: true,
      })
      .waitFor();
    // A result shown inline ('inline' render behaviour) closes the modal once it arrived.
    await modal.waitFor({ state: "detached", timeout: 15_000 });

    const after = await eventually(
      () => toolArtifacts(page, suite.server.url, "query_orders"),
      (found) => found.length === 1 && found[0]?.artifactId !== before[0]?.artifactId,
    );
    expect(after).toHaveLength(1);
    expect(after[0]?.artifactId).not.toBe(before[0]?.artifactId);
    expect(await tables.count()).toBe(1);
    await tables.getByText("Showing 1 to 25 of 25 results").waitFor();
    await screenshotOf(page, tables, "refresh-orders");

    await page.reload();
    await messageLog(page).waitFor();
    await waitIdle(page);
    await artifactFrame(messageLog(page), "query_orders").waitFor();
    expect(await artifactFrame(messageLog(page), "query_orders").count()).toBe(1);
    expect(await artifactFrame(messageLog(page), "server_metrics").count()).toBe(1);
    expect(tab.errors).toEqual([]);
  });
});
