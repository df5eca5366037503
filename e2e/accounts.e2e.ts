import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import { openChat, send, userMessages, waitForReplyDone } from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** A CDP virtual authenticator (a platform passkey with user verification) on a page. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const userButton = (page: Page, name: RegExp) => page.getByRole("button", { name });

describe("passkey accounts in Chromium", () => {
  const suite = useServerAndBrowser();
  // Browsers accept passkeys on localhost, never on a bare IP address.
  const url = () => suite.server.url.replace("127.0.0.1", "localhost");

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
    await dialog.getByRole("button", { name: "Don't have an account? Create one" }).click();
    const register = page.getByRole("dialog", { name: "Create account" });
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

    const { credentials } = await device.cdp.send("WebAuthn.getCredentials", {
      authenticatorId: device.authenticatorId,
    });
    expect(credentials).toHaveLength(1);

    await userButton(page, /e2e_ada \(User\)/).click();
    await userButton(page, /Anonymous \(Guest\)/).waitFor();
    await tab.context.close();

    // Another browser profile holding the same passkey signs in and finds the conversation.
    const fresh = await openChat(suite.browser, url());
    const other = await virtualAuthenticator(fresh.context, fresh.page);
    const [credential] = credentials;
    if (!credential) throw new Error("no credential");
    await other.cdp.send("WebAuthn.addCredential", {
      authenticatorId: other.authenticatorId,
      credential,
    });
    await userButton(fresh.page, /Anonymous \(Guest\)/).click();
    const signIn = fresh.page.getByRole("dialog", { name: "Sign in" });
    await signIn.getByLabel("Email").fill("ada@example.com");
    await signIn.getByRole("button", { name: "Sign in with passkey" }).click();
    await signIn.getByText("Signed in successfully!").waitFor();
    await signIn.waitFor({ state: "detached" });
    await userButton(fresh.page, /e2e_ada \(User\)/).waitFor();
    // This profile's own visit (its welcome conversation) moved to the account too and is the
    // newest; the earlier conversation is the other one in the list.
    await fresh.page.getByRole("button", { name: /^Conversation: / }).click();
    const menu = fresh.page.getByRole("list", { name: "Conversations" });
    await expect.poll(() => menu.locator("[data-conversation-item]").count()).toBe(2);
    await menu.locator("[data-conversation-item]:not([aria-current])").click();
    await fresh.page.getByText("show me a table of sales").first().waitFor({ timeout: 15_000 });
    await screenshot(fresh.page, "accounts-signed-in-again");
    await fresh.context.close();
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
