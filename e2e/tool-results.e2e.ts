import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startResultsMcp } from "../apps/server/src/test/results-mcp.js";
import {
  artifactFrame,
  messageLog,
  openFirstVisit,
  screenshotOf,
  unlimitedEnv,
} from "./harness/artifacts.js";
import { type EverythingServer, startEverything } from "./harness/everything.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** Adds an MCP server in the Tools column (no credentials) and opens its tool list. */
async function addServer(page: Page, name: string, url: string) {
  await page.getByRole("button", { name: "Add server", exact: true }).click();
  const dialog = page.getByRole("form", { name: "Add MCP server" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Server URL").fill(url);
  await dialog.getByRole("button", { name: "Add server" }).click();
  await dialog.waitFor({ state: "detached" });
  const column = page.getByRole("list", { name: "Tool servers" });
  await column.getByRole("button", { name, exact: true }).click();
  await page.getByRole("list", { name: `Tools of ${name}` }).waitFor();
}

/** Picks a tool and presses Run in its form. */
async function run(page: Page, tool: string) {
  await page.getByRole("button", { name: `Run ${tool}`, exact: true }).click();
  await page.getByRole("form", { name: `Parameters of ${tool}` }).waitFor();
  await page.getByRole("button", { name: "Run", exact: true }).click();
}

describe("MCP result content in the Tools column", () => {
  let everything: EverythingServer;
  let results: Awaited<ReturnType<typeof startResultsMcp>>;
  beforeAll(async () => {
    [everything, results] = await Promise.all([startEverything(), startResultsMcp()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([everything?.stop(), results?.close()]);
  });
  const suite = useServerAndBrowser({
    ...unlimitedEnv,
    OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
    OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 9).toString("base64"),
  });

  it("shows an embedded resource and opens a resource link's content (server-everything)", async () => {
    const { page } = await openFirstVisit(suite.browser, suite.server.url);
    await page.getByRole("list", { name: "Tool servers" }).waitFor();
    await addServer(page, "Everything", everything.url);
    const tools = page.getByRole("list", { name: "Tools of Everything" });
    // Its annotations show: get-resource-reference says it only reads.
    await expect
      .poll(() => tools.getByRole("button", { name: "Run get-resource-reference" }).innerText())
      .toContain("Read-only");

    await run(page, "get-resource-reference");
    const reference = artifactFrame(messageLog(page), "get-resource-reference");
    await reference.waitFor({ timeout: 15_000 });
    // Its files show below its frame.
    const log = messageLog(page);
    await log.getByRole("button", { name: "Open 1" }).click();
    await expect
      .poll(() => log.getByLabel("Contents of 1").innerText())
      .toMatch(/^Resource 1: This is a plaintext resource/);
    await screenshotOf(
      page,
      log.getByLabel("Contents of 1"),
      "tool-result-embedded-resource",
      "end",
    );

    await page.getByRole("button", { name: "Run get-resource-links", exact: true }).click();
    await page.getByRole("form", { name: "Parameters of get-resource-links" }).waitFor();
    await page.getByLabel(/^Count/).fill("2");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const links = artifactFrame(messageLog(page), "get-resource-links");
    await links.waitFor({ timeout: 15_000 });
    // The link demo://resource/dynamic/text/2 (a scheme no browser opens) opens its content.
    await log.getByRole("button", { name: "Open 2" }).click();
    await expect
      .poll(() => log.getByLabel("Contents of 2").innerText())
      .toMatch(/^Resource 2: This is a plaintext resource/);
    await screenshotOf(
      page,
      log.getByLabel("Contents of 2"),
      "tool-result-resource-link-opened",
      "end",
    );
  });

  it("plays a result's audio, and asks before a destructive tool runs", async () => {
    const { page } = await openFirstVisit(suite.browser, suite.server.url);
    await page.getByRole("list", { name: "Tool servers" }).waitFor();
    await addServer(page, "Results", results.url);

    await run(page, "chime");
    const chime = artifactFrame(messageLog(page), "chime");
    await chime.waitFor({ timeout: 15_000 });
    const audio = messageLog(page).getByLabel(/^Play /);
    await audio.waitFor();
    // The browser decoded it: a 0.2 s clip (CSP lets data: media load).
    await expect
      .poll(() => audio.evaluate((element) => (element as HTMLAudioElement).duration))
      .toBeCloseTo(0.2, 2);
    await screenshotOf(page, audio, "tool-result-audio", "end");

    const erase = page.getByRole("button", { name: "Run erase-notes", exact: true });
    expect(await erase.innerText()).toContain("Destructive");
    await run(page, "erase-notes");
    const confirm = page.getByRole("dialog", { name: "Run erase-notes?" });
    await confirm.getByRole("alert").waitFor();
    expect(await confirm.getByRole("alert").innerText()).toBe(
      "The server Results says erase-notes may delete or overwrite data. This cannot be undone from here.",
    );
    await screenshotOf(page, confirm, "destructive-tool-confirmation");
    await confirm.getByRole("button", { name: "Back" }).click();
    await page.getByRole("form", { name: "Parameters of erase-notes" }).waitFor();
    expect(results.erased).toHaveLength(0);
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Run erase-notes?" })
      .getByRole("button", { name: "Run anyway" })
      .click();
    const erased = artifactFrame(messageLog(page), "erase-notes");
    await erased.waitFor({ timeout: 15_000 });
    await expect.poll(() => erased.innerText()).toContain("Erased every note");
    expect(results.erased).toHaveLength(1);
  });
  it("runs a task-only tool as a task: its statuses show while it runs, then its result", async () => {
    const { page } = await openFirstVisit(suite.browser, suite.server.url);
    await page.getByRole("list", { name: "Tool servers" }).waitFor();
    await addServer(page, "Tasks", everything.url);
    const research = page.getByRole("button", { name: "Run simulate-research-query", exact: true });
    expect(await research.innerText()).toContain("Runs as a task");
    await research.click();
    await page.getByRole("form", { name: "Parameters of simulate-research-query" }).waitFor();
    await page.getByLabel(/^Topic/).fill("tides");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    const runs = page.getByRole("region", { name: "Tool runs" });
    await runs
      .getByText(/Task working: /)
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshotOf(page, runs, "task-tool-running");
    const report = artifactFrame(messageLog(page), "simulate-research-query");
    await report.waitFor({ timeout: 20_000 });
    await expect.poll(() => report.innerText()).toContain("Research Report: tides");
  });
});
