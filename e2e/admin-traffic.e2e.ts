import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import { openChat, send, waitForReplyDone } from "./harness/chat.js";
import {
  passkeyUrl,
  signIn,
  signUp,
  userButton,
  virtualAuthenticator,
} from "./harness/passkeys.js";
import { useServerAndBrowser } from "./harness/suite.js";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

describe("the site owner's traffic view", () => {
  const suite = useServerAndBrowser({ ADMIN_EMAILS: "owner@example.com" });
  const url = () => passkeyUrl(suite.server.url);

  it("an account listed in ADMIN_EMAILS is an Admin once the operator grants it, and gets the traffic dashboard", async () => {
    const { page, context } = await openChat(suite.browser, url());
    await virtualAuthenticator(context, page);
    await waitForReplyDone(page);
    // Registering the listed address is not enough: nothing proved the registrant owns it.
    await signUp(page, { username: "site_owner", email: "owner@example.com" });
    await userButton(page, /site_owner \(User\)/).waitFor();

    // The operator's proof: the admin command, run on the server against its database.
    const granted = spawnSync(
      "npm",
      ["run", "admin", "--silent", "--", "grant", "owner@example.com"],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: suite.server.dataDir },
        encoding: "utf8",
      },
    );
    expect(granted.stderr).toBe("");
    expect(granted.status).toBe(0);
    expect(granted.stdout).toMatch(/^owner@example.com \(site_owner\) is now an admin\./);

    // Signed out and in again: the new token carries the admin scope.
    await userButton(page, /site_owner \(User\)/).click();
    await signIn(page, "owner@example.com", /site_owner \(Admin\)/);

    await send(page, "site traffic this week");
    await waitForReplyDone(page);
    await page.getByText("Page views").first().waitFor({ timeout: 20_000 });
    await screenshot(page, "admin-site-traffic");
    await context.close();
  });
});
