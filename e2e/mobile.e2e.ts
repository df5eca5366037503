import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import {
  agentMessages,
  defaultAgentName,
  openChat,
  phoneContext,
  send,
  unlimitedEnv,
  userMessages,
  waitForReplyDone,
  welcomeText,
} from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

describe("the chat on a phone", () => {
  const suite = useServerAndBrowser(unlimitedEnv);

  it("has top and bottom bars, agent and tool drawers, and chats", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url, phoneContext);
    await agentMessages(page).filter({ hasText: "No language model is configured" }).waitFor();
    await waitForReplyDone(page);
    expect(await userMessages(page).allInnerTexts()).toEqual([
      expect.stringContaining(welcomeText),
    ]);

    // Top bar (56px): menu, logo, user menu. Bottom bar (64px): Agents, Chat, Tools.
    const topBar = page
      .locator("header")
      .filter({ has: page.getByRole("button", { name: "Menu" }) });
    expect((await topBar.boundingBox())?.height).toBe(56);
    expect(await topBar.getByRole("link", { name: "A2A Chat home" }).isVisible()).toBe(true);
    // The user menu says what a tap does (tools spec §2: "Login or Logout").
    const userMenu = topBar.getByRole("button", { name: "Anonymous (Guest), Login" });
    expect(await userMenu.isVisible()).toBe(true);
    expect(await userMenu.innerText()).toContain("Login");
    const bottomBar = page.getByRole("navigation", { name: "Sections" });
    expect((await bottomBar.boundingBox())?.height).toBe(64);
    expect(await bottomBar.getByRole("button").allInnerTexts()).toEqual([
      "Agents",
      "Chat",
      "Tools",
    ]);
    // No side columns on a phone, and no Attach button.
    expect(await page.getByRole("complementary").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Attach" }).isHidden()).toBe(true);
    await screenshot(page, "mobile-chat");

    // Agents: the left drawer titled SELECT AGENT lists the agents; Escape closes it.
    await bottomBar.getByRole("button", { name: "Agents" }).tap();
    const agents = page.getByRole("dialog", { name: "SELECT AGENT" });
    await agents.waitFor();
    await agents.getByRole("button", { name: defaultAgentName, pressed: true }).waitFor();
    // It slides in from the left edge, 80% of the width (up to 320px).
    await expect.poll(async () => (await agents.boundingBox())?.x).toBe(0);
    expect((await agents.boundingBox())?.width).toBe(312);
    await screenshot(page, "mobile-agents-drawer");
    await page.keyboard.press("Escape");
    await agents.waitFor({ state: "detached" });

    // Tools: the right drawer; a tap on the backdrop closes it.
    await bottomBar.getByRole("button", { name: "Tools" }).tap();
    const tools = page.getByRole("dialog", { name: "TOOLS" });
    await tools.waitFor();
    await expect.poll(async () => (await tools.boundingBox())?.x).toBe(390 - 312);
    await screenshot(page, "mobile-tools-drawer");
    await page.touchscreen.tap(30, 400);
    await tools.waitFor({ state: "detached" });

    // Sending works.
    await send(page, "help");
    await userMessages(page).nth(1).getByText("help", { exact: true }).waitFor();
    const reply = agentMessages(page).nth(1);
    await reply.getByText("Here is what I can do without a language model:").waitFor();
    await waitForReplyDone(page);
    expect(await reply.innerText()).toContain("chart of sales");
    await screenshot(page, "mobile-help-reply");

    expect(errors).toEqual([]);
    await context.close();
  });
});
