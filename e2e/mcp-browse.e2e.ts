import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFirstVisit, unlimitedEnv } from "./harness/artifacts.js";
import { screenshot } from "./harness/browser.js";
import { composer, userMessages } from "./harness/chat.js";
import { type EverythingServer, startEverything } from "./harness/everything.js";
import { useServerAndBrowser } from "./harness/suite.js";

describe("resources and prompts in the Tools column", () => {
  let everything: EverythingServer;
  beforeAll(async () => {
    everything = await startEverything();
  }, 60_000);
  afterAll(async () => {
    await everything?.stop();
  });
  // server-everything listens on loopback, which only an allow-listed host may reach (over http).
  const suite = useServerAndBrowser({
    ...unlimitedEnv,
    OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
    OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 7).toString("base64"),
  });

  it("opens a docs page of the built-in product server and attaches it to a message", async () => {
    const { page, errors } = await openFirstVisit(suite.browser, suite.server.url);
    const column = page.getByRole("list", { name: "Tool servers" });
    await column.getByRole("button", { name: "product", exact: true }).click();
    const resources = page.getByRole("list", { name: "Resources of product" });
    await resources.getByRole("button", { name: "Agents", exact: true }).first().click();
    const viewer = page.getByRole("dialog");
    await viewer.getByText("docs://product/agents.md").waitFor();
    await expect.poll(() => viewer.getByTestId("resource-content").innerText()).toContain("#");
    await screenshot(page, "resource-viewer");
    await viewer.getByRole("button", { name: "Attach to message" }).click();
    await viewer.getByRole("status").filter({ hasText: "Attached to the message" }).waitFor();
    await page.keyboard.press("Escape");
    const attached = page.getByRole("list", { name: "Attached files" });
    await attached.getByText("agents.md").waitFor();
    await page
      .getByRole("progressbar", { name: "Uploading agents.md" })
      .waitFor({ state: "detached" });
    await composer(page).fill("What does this page say?");
    await composer(page).press("Enter");
    const sent = userMessages(page).filter({ hasText: "What does this page say?" });
    await sent.waitFor();
    // Sent as a file part of the message: its name and type show on it.
    await expect.poll(() => sent.innerText()).toContain("agents.md");
    expect(await sent.innerText()).toContain("text/markdown");
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("fills a prompt's argument with the server's completion and puts the prompt in the composer", async () => {
    const { page, errors } = await openFirstVisit(suite.browser, suite.server.url);
    const column = page.getByRole("list", { name: "Tool servers" });
    await column.getByRole("button", { name: "analytics", exact: true }).click();
    const prompts = page.getByRole("list", { name: "Prompts of analytics" });
    await prompts.getByRole("button", { name: "Summarise a region's sales" }).click();
    const dialog = page.getByRole("dialog");
    const region = dialog.getByLabel(/^region/);
    // Required: left empty, it says so.
    await dialog.getByRole("button", { name: "Put in composer" }).click();
    await dialog.getByText("This field is required").waitFor();
    await region.fill("eu");
    // The server's completion is offered as a suggestion.
    await expect
      .poll(() =>
        dialog
          .locator("datalist option")
          .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
      )
      .toEqual(["europe"]);
    await region.fill("europe");
    await screenshot(page, "prompt-form");
    await dialog.getByRole("button", { name: "Put in composer" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(() => composer(page).inputValue())
      .toContain("Summarise the 2024 sales in Europe (europe)");
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("browses a user-added server-everything: a template completed and read, and its log", async () => {
    const { page, errors } = await openFirstVisit(suite.browser, suite.server.url);
    await page.getByRole("button", { name: "Add server", exact: true }).click();
    const form = page.getByRole("form", { name: "Add MCP server" });
    await form.getByLabel("Name").fill("Everything");
    await form.getByLabel("Server URL").fill(everything.url);
    await form.getByRole("button", { name: "Add server" }).click();
    await form.waitFor({ state: "detached" });
    const column = page.getByRole("list", { name: "Tool servers" });
    await column.getByRole("button", { name: "Everything", exact: true }).click();
    const resources = page.getByRole("list", { name: "Resources of Everything" });
    await resources
      .getByRole("button", { name: "demo://resource/dynamic/text/{resourceId}" })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/^resourceId/).fill("3");
    await dialog.getByRole("button", { name: "Open" }).click();
    const viewer = page.getByRole("dialog");
    await viewer.getByText("demo://resource/dynamic/text/3").waitFor();
    await expect.poll(() => viewer.getByTestId("resource-content").innerText()).toContain("3");
    // The open resource is subscribed to: the server logs the subscription on the watch.
    await page.keyboard.press("Escape");
    const log = page.getByText(/^Log \(/);
    await log.click();
    await page
      .getByRole("list", { name: "Log of Everything" })
      .getByText(/Received Subscribe Resource request for URI: demo:\/\/resource\/dynamic\/text\/3/)
      .waitFor({ timeout: 15_000 });
    await screenshot(page, "server-log");
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("opens a binary resource that is neither text nor image as a file: its bytes open and download", async () => {
    const { page, errors } = await openFirstVisit(suite.browser, suite.server.url);
    await page.getByRole("button", { name: "Add server", exact: true }).click();
    const form = page.getByRole("form", { name: "Add MCP server" });
    await form.getByLabel("Name").fill("Blobs");
    await form.getByLabel("Server URL").fill(everything.url);
    await form.getByRole("button", { name: "Add server" }).click();
    await form.waitFor({ state: "detached" });
    const column = page.getByRole("list", { name: "Tool servers" });
    await column.getByRole("button", { name: "Blobs", exact: true }).click();
    const resources = page.getByRole("list", { name: "Resources of Blobs" });
    await resources
      .getByRole("button", { name: "demo://resource/dynamic/blob/{resourceId}" })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/^resourceId/).fill("5");
    await dialog.getByRole("button", { name: "Open" }).click();
    const viewer = page.getByRole("dialog");
    await viewer.getByText("demo://resource/dynamic/blob/5").waitFor();
    const content = viewer.getByTestId("resource-content");
    // A blob (base64 bytes): shown as the file it is, through the chat's file viewer.
    await content.getByText(/^A file of \d+ bytes/).waitFor();
    const download = content.getByRole("link", { name: "Download 5" });
    expect(await download.getAttribute("href")).toMatch(/^data:text\/plain;base64,/);
    await content.getByRole("button", { name: "Open 5" }).click();
    await expect
      .poll(() => content.getByRole("region", { name: "Contents of 5" }).innerText())
      .toContain("Resource 5: This is a base64 blob");
    await screenshot(page, "resource-viewer-blob");
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
