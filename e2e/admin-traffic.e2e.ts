import { describe, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import { openChat, send, waitForReplyDone } from "./harness/chat.js";
import { passkeyUrl, signUp, virtualAuthenticator } from "./harness/passkeys.js";
import { useServerAndBrowser } from "./harness/suite.js";

describe("the site owner's traffic view", () => {
  const suite = useServerAndBrowser({ ADMIN_EMAILS: "owner@example.com" });
  const url = () => passkeyUrl(suite.server.url);

  it("an account listed in ADMIN_EMAILS is an Admin and gets the traffic dashboard in the chat", async () => {
    const { page, context } = await openChat(suite.browser, url());
    await virtualAuthenticator(context, page);
    await waitForReplyDone(page);
    await signUp(page, { username: "site_owner", email: "owner@example.com" });
    await page.getByRole("button", { name: /site_owner \(Admin\)/ }).waitFor();

    await send(page, "site traffic this week");
    await waitForReplyDone(page);
    await page.getByText("Page views").first().waitFor({ timeout: 20_000 });
    await screenshot(page, "admin-site-traffic");
    await context.close();
  });
});
