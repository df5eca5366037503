import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  CDPSession,
  Page,
} from "playwright-core";
import { type ChatTab, openChat, waitForReplyDone } from "./chat.js";

/** A CDP virtual authenticator attached to one page. */
export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
}

/**
 * Adds a CDP virtual authenticator to a page: a platform passkey device with user verification
 * that says yes at once (WebAuthn.addVirtualAuthenticator).
 */
export async function virtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<VirtualAuthenticator> {
  const cdp = await context.newCDPSession(page);
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

/** The server's address as a browser accepts passkeys on it: localhost, never a bare IP. */
export function passkeyUrl(url: string): string {
  return url.replace("127.0.0.1", "localhost");
}

/** Someone who registers. */
export interface NewAccount {
  username: string;
  email: string;
  fullName?: string;
}

/** The user button, by the name and role badge it shows. */
export const userButton = (page: Page, name: RegExp) => page.getByRole("button", { name });

/**
 * Registers a passkey account through the user button's sign-in modal and its 'Create one' link,
 * as a person does, and waits until the user button shows the account.
 */
export async function signUp(page: Page, who: NewAccount): Promise<void> {
  await userButton(page, /Anonymous \(Guest\)/).click();
  await page
    .getByRole("dialog", { name: "Sign in" })
    .getByRole("button", { name: "Don't have an account? Create one" })
    .click();
  const register = page.getByRole("dialog", { name: "Create account" });
  await register.getByLabel("Username").fill(who.username);
  await register.getByLabel("Email").fill(who.email);
  if (who.fullName) await register.getByLabel("Full name (optional)").fill(who.fullName);
  await register.getByRole("button", { name: "Create account with passkey" }).click();
  await register.waitFor({ state: "detached", timeout: 20_000 });
  await userButton(page, new RegExp(`^${who.username} \\(`)).waitFor();
}

/**
 * Signs in with the page's passkey through the user button's sign-in modal, as a visitor does,
 * and waits until the user button shows the account by the name and badge given.
 */
export async function signIn(page: Page, email: string, shown: RegExp): Promise<void> {
  await userButton(page, /Anonymous \(Guest\)/).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Sign in with passkey" }).click();
  await dialog.getByText("Signed in successfully!").waitFor();
  await dialog.waitFor({ state: "detached" });
  await userButton(page, shown).waitFor();
}

/**
 * Opens /chat on localhost in a new browser profile with a virtual authenticator, lets the
 * welcome reply finish, and signs up: the conversations dropdown is for signed-in users.
 */
export async function openSignedInChat(
  browser: Browser,
  url: string,
  who: NewAccount,
  options?: BrowserContextOptions,
): Promise<ChatTab & { device: VirtualAuthenticator }> {
  const tab = await openChat(browser, passkeyUrl(url), options);
  const device = await virtualAuthenticator(tab.context, tab.page);
  await waitForReplyDone(tab.page);
  await signUp(tab.page, who);
  return { ...tab, device };
}
