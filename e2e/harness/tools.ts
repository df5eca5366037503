import type { Page } from "playwright-core";

/** Opens a server in the tools column (desktop) and picks one of its tools. */
export async function pickTool(page: Page, serverName: string, tool: string): Promise<void> {
  const column = page.getByRole("list", { name: "Tool servers" });
  const toggle = column.getByRole("button", { name: serverName, exact: true });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await page.getByRole("button", { name: `Run ${tool}`, exact: true }).click();
  await page.getByRole("form", { name: `Parameters of ${tool}` }).waitFor();
}
