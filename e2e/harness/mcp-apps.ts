import type { FrameLocator, Locator, Page } from "playwright-core";
import { artifactFrame, messageLog } from "./artifacts.js";

/** Adds an MCP server in the Tools column (no credentials) and waits for it to be listed. */
export async function addToolServer(page: Page, name: string, url: string): Promise<Locator> {
  const column = page.getByRole("list", { name: "Tool servers" });
  await column.getByRole("button", { name: "analytics", exact: true }).waitFor();
  await page.getByRole("button", { name: "Add server", exact: true }).click();
  const dialog = page.getByRole("form", { name: "Add MCP server" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Server URL").fill(url);
  await dialog.getByRole("button", { name: "Add server" }).click();
  await dialog.waitFor({ state: "detached" });
  const toggle = column.getByRole("button", { name, exact: true });
  await toggle.click();
  return column;
}

/** Runs a tool from the Tools column (its parameter form, then Run). */
export async function runTool(page: Page, tool: string): Promise<void> {
  await page.getByRole("button", { name: `Run ${tool}`, exact: true }).click();
  await page.getByRole("button", { name: "Run", exact: true }).click();
}

/** The region of a tool's app in the conversation (the last one, when there are several). */
export function resultRegion(page: Page, tool: string): Locator {
  return artifactFrame(messageLog(page), `${tool} app`).last();
}

/** The app inside a result: the sandbox proxy frame, then the app's own frame within it. */
export function appFrame(scope: Page | Locator, tool: string): FrameLocator {
  return scope
    .locator(`iframe[title="${tool} app"]`)
    .first()
    .contentFrame()
    .locator('iframe[title="MCP App"]')
    .contentFrame();
}
