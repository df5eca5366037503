import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import {
  agentMessages,
  composer,
  openChat,
  send,
  userMessages,
  waitForReplyDone,
  welcomeText,
} from "./harness/chat.js";
import { passkeyUrl, signIn, userButton, virtualAuthenticator } from "./harness/passkeys.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** What each of the user's messages says (its last line: above it are the sender, time and Copy). */
const said = async (page: Page) =>
  (await userMessages(page).allInnerTexts()).map((text) => text.trim().split("\n").at(-1) ?? "");

describe("passkey accounts in Chromium", () => {
  const suite = useServerAndBrowser();
  // Browsers accept passkeys on localhost, never on a bare IP address.
  const url = () => passkeyUrl(suite.server.url);

  it("a visitor registers and keeps their chat, signs out, and signs in again on a fresh page", async () => {
    const tab = await openChat(suite.browser, url());
    const { page } = tab;
    const device = await virtualAuthenticator(tab.context, page);
    await waitForReplyDone(page);
    await send(page, "show me a table of sales");
    await waitForReplyDone(page);
    const before = (await userMessages(page).allInnerTexts()).length;
    expect(before).toBeGreaterThanOrEqual(2);

    await userButton(page, /Anonymous \(Guest\)/).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByRole("button", { name: "Don't have an account? Create one" }).focus();
    await page.keyboard.press("Enter");
    const register = page.getByRole("dialog", { name: "Create account" });
    // The keyboard's focus stays in the dialog: on the new form's first field.
    await expect
      .poll(() => register.getByLabel("Username").evaluate((el) => el === document.activeElement))
      .toBe(true);
    await register.getByRole("button", { name: "Create account with passkey" }).click();
    await register.getByText("Username is required").waitFor();
    await register.getByText("Please enter your email address").waitFor();
    await register.getByLabel("Username").fill("e2e_ada");
    await register.getByLabel("Email").fill("ada@example.com");
    await register.getByLabel("Full name (optional)").fill("Ada Lovelace");
    await screenshot(page, "accounts-register-form");
    await register.getByRole("button", { name: "Create account with passkey" }).click();
    await register.getByText("Account created! You are signed in.").waitFor();
    await register.waitFor({ state: "detached" });
    await userButton(page, /e2e_ada \(User\)/).waitFor();
    await expect
      .poll(async () => (await userMessages(page).allInnerTexts()).length, { timeout: 15_000 })
      .toBe(before);
    await screenshot(page, "accounts-registered");

    // Signed out and straight back in on this page: the account's conversation comes back, and
    // the empty one the new visitor's chat made is not added to the account.
    for (const round of [1, 2]) {
      await userButton(page, /e2e_ada \(User\)/).click();
      await userButton(page, /Anonymous \(Guest\)/).click();
      const again = page.getByRole("dialog", { name: "Sign in" });
      await again.getByLabel("Email").fill("ada@example.com");
      await again.getByRole("button", { name: "Sign in with passkey" }).click();
      await again.waitFor({ state: "detached" });
      await userButton(page, /e2e_ada \(User\)/).waitFor();
      await page.getByText("show me a table of sales").first().waitFor({ timeout: 15_000 });
      await page.getByRole("button", { name: /^Conversation: / }).click();
      const list = page.getByRole("list", { name: "Conversations" });
      await list.locator("[data-conversation-item]").first().waitFor();
      expect(await list.locator("[data-conversation-item]").count(), `round ${round}`).toBe(1);
      await page.keyboard.press("Escape");
    }

    // Copied now, with its signature counter as the server last saw it.
    let { credentials } = await device.cdp.send("WebAuthn.getCredentials", {
      authenticatorId: device.authenticatorId,
    });
    expect(credentials).toHaveLength(1);
    await userButton(page, /e2e_ada \(User\)/).click();
    await userButton(page, /Anonymous \(Guest\)/).waitFor();
    await tab.context.close();

    // Two more browser profiles holding the same passkey: each greets on its first visit, then
    // signs in. The account keeps one conversation with one greeting; the greeting-only
    // conversation of each new profile is not added to it.
    for (const profile of [2, 3]) {
      const fresh = await openChat(suite.browser, url());
      const other = await virtualAuthenticator(fresh.context, fresh.page);
      const [credential] = credentials;
      if (!credential) throw new Error("no credential");
      await other.cdp.send("WebAuthn.addCredential", {
        authenticatorId: other.authenticatorId,
        credential,
      });
      await agentMessages(fresh.page).first().waitFor();
      await waitForReplyDone(fresh.page);
      expect(await said(fresh.page)).toEqual([welcomeText]);
      await signIn(fresh.page, "ada@example.com", /e2e_ada \(User\)/);
      await fresh.page.getByText("show me a table of sales").first().waitFor({ timeout: 15_000 });
      const greetings = async () => (await said(fresh.page)).filter((t) => t === welcomeText);
      await expect.poll(greetings, { timeout: 15_000 }).toHaveLength(1);
      await fresh.page.getByRole("button", { name: /^Conversation: / }).click();
      const menu = fresh.page.getByRole("list", { name: "Conversations" });
      await menu.locator("[data-conversation-item]").first().waitFor();
      expect(await menu.locator("[data-conversation-item]").count(), `profile ${profile}`).toBe(1);
      await screenshot(fresh.page, `accounts-signed-in-profile-${profile}`);
      ({ credentials } = await other.cdp.send("WebAuthn.getCredentials", {
        authenticatorId: other.authenticatorId,
      }));
      await fresh.context.close();
    }
  });

  it("shows the error of a ceremony that fails", async () => {
    const tab = await openChat(suite.browser, url());
    // An authenticator without any passkey: the browser's request ends without a credential.
    await virtualAuthenticator(tab.context, tab.page);
    await userButton(tab.page, /Anonymous \(Guest\)/).click();
    const signIn = tab.page.getByRole("dialog", { name: "Sign in" });
    await signIn.getByRole("button", { name: "Sign in with passkey" }).click();
    await signIn.getByText("Please enter your email address").waitFor();
    await signIn.getByLabel("Email").fill("nobody@example.com");
    await signIn.getByRole("button", { name: "Sign in with passkey" }).click();
    await signIn
      .getByRole("alert")
      .filter({ hasText: "Authentication was cancelled or failed" })
      .waitFor({ timeout: 70_000 });
    await screenshot(tab.page, "accounts-cancelled");
    await tab.context.close();
  });
});

/**
 * A config with the default assistant, an agent only signed-in users may talk to, and a tool
 * server (product) only they may use.
 */
function protectedAgentConfig(): string {
  const dir = mkdtempSync(join(tmpdir(), "a2a-chat-vault-"));
  const path = join(dir, "config.yaml");
  writeFileSync(
    path,
    [
      "agents:",
      "  - name: assistant",
      "    displayName: Assistant",
      "    description: A general assistant.",
      "    default: true",
      "    model: planner",
      "    mcpServers: [analytics]",
      "    systemPrompt: You are a helpful assistant.",
      "  - name: vault",
      "    displayName: Vault",
      "    description: Shows the sales books to members.",
      "    model: planner",
      "    mcpServers: [analytics]",
      "    systemPrompt: You show sales data to members.",
      "    requiredScopes: [user]",
      "mcp:",
      "  builtin:",
      "    product: { enabled: true, requiredScopes: [user] }",
      "",
    ].join("\n"),
  );
  return path;
}

describe("an agent for signed-in users", () => {
  const suite = useServerAndBrowser({ CONFIG: protectedAgentConfig() });
  const url = () => passkeyUrl(suite.server.url);

  it("is greyed for a visitor, opens sign-in naming it, and a send to it goes out after sign-in", async () => {
    const tab = await openChat(suite.browser, url());
    const { page } = tab;
    await virtualAuthenticator(tab.context, page);
    await waitForReplyDone(page);
    const agents = page.getByRole("list", { name: "Agents" });
    const vault = agents.getByRole("listitem").filter({ hasText: "Vault" });
    expect(await vault.getAttribute("data-access")).toBe("login");
    const servers = page.getByRole("list", { name: "Tool servers" });
    const product = servers.getByRole("listitem").filter({ hasText: "product" });
    await product.waitFor();
    expect(await product.getAttribute("data-access")).toBe("login");
    await screenshot(page, "accounts-greyed-agent");

    // The greyed tool server opens sign-in naming it too.
    await product
      .getByRole("button", { name: /product/ })
      .first()
      .click();
    const signInForTools = page.getByRole("dialog", { name: "Sign in" });
    await signInForTools.getByText("product requires you to sign in.").waitFor();
    await page.keyboard.press("Escape");
    await signInForTools.waitFor({ state: "detached" });

    // A click opens sign-in naming the agent; the visitor closes it and writes to the agent.
    // (The greyed card is aria-disabled, which Playwright takes for not clickable; a person can.)
    await agents.getByRole("button", { name: "Vault" }).click({ force: true });
    const signIn = page.getByRole("dialog", { name: "Sign in" });
    await signIn.getByText("Vault requires you to sign in.").waitFor();
    await screenshot(page, "accounts-sign-in-names-agent");
    await page.keyboard.press("Escape");
    await signIn.waitFor({ state: "detached" });
    const before = await userMessages(page).count();
    await send(page, "show me a table of sales");

    // The send opens sign-in again; nothing went out and the text waits in the box.
    await signIn.getByText("Vault requires you to sign in.").waitFor();
    expect(await userMessages(page).count()).toBe(before);
    expect(await composer(page).inputValue()).toBe("show me a table of sales");
    await signIn.getByRole("button", { name: "Don't have an account? Create one" }).click();
    const register = page.getByRole("dialog", { name: "Create account" });
    await register.getByText("Vault requires you to sign in.").waitFor();
    await register.getByLabel("Username").fill("e2e_vault");
    await register.getByLabel("Email").fill("vault@example.com");
    await register.getByRole("button", { name: "Create account with passkey" }).click();
    await register.waitFor({ state: "detached", timeout: 20_000 });
    await userButton(page, /e2e_vault \(User\)/).waitFor();

    // Retried once signed in: the message goes to Vault, the reply comes, the box is empty.
    await userMessages(page)
      .filter({ hasText: "show me a table of sales" })
      .waitFor({ timeout: 20_000 });
    await agentMessages(page, "Vault").last().waitFor({ timeout: 20_000 });
    await waitForReplyDone(page);
    expect(await userMessages(page).filter({ hasText: "show me a table of sales" }).count()).toBe(
      1,
    );
    expect(await composer(page).inputValue()).toBe("");
    expect(await vault.getAttribute("data-access")).toBe("open");
    await expect.poll(() => product.getAttribute("data-access")).toBe("open");
    await screenshot(page, "accounts-sent-after-sign-in");
    await tab.context.close();
  });
});
