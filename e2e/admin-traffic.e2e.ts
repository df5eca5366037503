import type { BrowserContext, Page } from "playwright-core";
import { describe, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import { openChat, send, waitForReplyDone } from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** A CDP virtual authenticator that says yes at once. */
async function addAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

describe("the site owner's traffic view", () => {
  const suite = useServerAndBrowser({ ADMIN_EMAILS: "owner@example.com" });
  const url = () => suite.server.url.replace("127.0.0.1", "localhost");

  it("an account listed in ADMIN_EMAILS is an Admin and gets the traffic dashboard in the chat", async () => {
    const { page, context } = await openChat(suite.browser, url());
    await addAuthenticator(context, page);
    await waitForReplyDone(page);
    await page.getByRole("button", { name: /Anonymous \(Guest\)/ }).click();
    await page
      .getByRole("dialog", { name: "Sign in" })
      .getByRole("button", { name: "Don't have an account? Create one" })
      .click();
    const register = page.getByRole("dialog", { name: "Create account" });
    await register.getByLabel("Username").fill("site_owner");
    await register.getByLabel("Email").fill("owner@example.com");
    await register.getByRole("button", { name: "Create account with passkey" }).click();
    await register.waitFor({ state: "detached" });
    await page.getByRole("button", { name: /site_owner \(Admin\)/ }).waitFor();

    await send(page, "site traffic this week");
    await waitForReplyDone(page);
    await page.getByText("Page views").first().waitFor({ timeout: 20_000 });
    await screenshot(page, "admin-site-traffic");
    await context.close();
  });
});
