import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageLog, openFirstVisit, unlimitedEnv } from "./harness/artifacts.js";
import { screenshot, workerChromium } from "./harness/browser.js";
import { startFormToolsMcp } from "./harness/form-tools-mcp.js";
import { type E2eServer, startBuiltServer } from "./harness/server.js";
import { pickTool } from "./harness/tools.js";

/** The labels of a form's fields, top to bottom. */
const labels = (form: Locator) =>
  form
    .locator("label[for], legend")
    .evaluateAll((nodes) =>
      nodes.map((node) =>
        (node.textContent ?? "").replace("*", "").replace("(required)", "").trim(),
      ),
    );

describe("tool parameter forms in Chromium", () => {
  let forms: Awaited<ReturnType<typeof startFormToolsMcp>>;
  let server: E2eServer;
  let browser: Browser;
  beforeAll(async () => {
    forms = await startFormToolsMcp();
    server = await startBuiltServer({ ...unlimitedEnv, CONFIG: forms.configPath });
    browser = await workerChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await forms?.stop();
  });

  it("keeps the field that decides above the fields it reveals, and says one thing for an undescribed required property", async () => {
    const { page, errors } = await openFirstVisit(browser, server.url);
    await pickTool(page, "forms", "configure");
    const form = page.getByRole("form", { name: "Parameters of configure" });
    expect(await labels(form)).toEqual(["Mode", "Name"]);
    await form.getByLabel(/^Mode/).selectOption("advanced");
    await form.getByLabel(/^Expert Level/).waitFor();
    expect(await labels(form)).toEqual(["Mode", "Expert Level", "Name"]);
    await screenshot(page, "tool-form-if-then-else");
    await form.getByLabel(/^Expert Level/).fill("3");
    await form.getByLabel(/^Name/).fill("Ada");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await expect
      .poll(() => messageLog(page).innerText(), { timeout: 15_000 })
      .toContain('configure received {"mode":"advanced","expert_level":3,"name":"Ada"}');

    await pickTool(page, "forms", "needs_x");
    const needsX = page.getByRole("form", { name: "Parameters of needs_x" });
    expect(await needsX.textContent()).not.toContain("This tool takes no parameters.");
    expect(await labels(needsX)).toEqual(["X"]);
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await needsX.getByText("This field is required").waitFor();
    expect(await needsX.textContent()).not.toContain("Instance does not have");
    await screenshot(page, "tool-form-undescribed-required");
    await needsX.getByLabel(/^X/).fill('"hello"');
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await expect
      .poll(() => messageLog(page).innerText(), { timeout: 15_000 })
      .toContain('needs_x received {"x":"hello"}');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("edits an array of objects as rows: add, remove, and run", async () => {
    const { page, errors } = await openFirstVisit(browser, server.url);
    await pickTool(page, "forms", "create_entities");
    const form = page.getByRole("form", { name: "Parameters of create_entities" });
    const row = (n: number) => form.getByRole("region", { name: `Entities: Item ${n}` });
    // Required: one row to start, its fields from the item schema.
    await row(1).getByLabel(/^Name/).fill("Ada");
    await row(1)
      .getByLabel(/^Entity Type/)
      .fill("person");
    await row(1)
      .getByLabel(/^Observations/)
      .fill("wrote the first program\nliked poetry");
    await form.getByRole("button", { name: "Add item to Entities" }).click();
    await row(2).getByLabel(/^Name/).fill("Mistake");
    await form.getByRole("button", { name: "Add item to Entities" }).click();
    await row(3).getByLabel(/^Name/).fill("Analytical Engine");
    await row(3)
      .getByLabel(/^Entity Type/)
      .fill("machine");
    await row(3)
      .getByLabel(/^Observations/)
      .fill("never built");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    // Row 2 misses its required fields: the form stays and says which.
    await row(2).getByText("This field is required").first().waitFor();
    await screenshot(page, "tool-form-rows");
    await row(2).getByRole("button", { name: "Remove Entities item 2" }).click();
    expect(await row(2).getByLabel(/^Name/).inputValue()).toBe("Analytical Engine");
    expect(await row(3).count()).toBe(0);
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await form.waitFor({ state: "detached" });
    await expect
      .poll(() => messageLog(page).innerText(), { timeout: 15_000 })
      .toContain(
        'create_entities received {"entities":[{"entityType":"person","name":"Ada","observations":["wrote the first program","liked poetry"]},{"entityType":"machine","name":"Analytical Engine","observations":["never built"]}]}',
      );
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
