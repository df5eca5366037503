import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectErrors, screenshot } from "./harness/browser.js";
import { waitForReplyDone } from "./harness/chat.js";
import { passkeyUrl, signUp, virtualAuthenticator } from "./harness/passkeys.js";
import { useServerAndBrowser } from "./harness/suite.js";

async function openMenu(page: Page): Promise<void> {
  const trigger = page.getByRole("button", { name: /^Conversation: / });
  if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
  await page.getByRole("list", { name: "Conversations" }).waitFor();
}

async function names(page: Page): Promise<string[]> {
  await openMenu(page);
  return page.locator("[data-conversation-item]").allTextContents();
}

async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
}

/**
 * Polls until the tab's conversation list equals the expectation (live updates take a moment;
 * the poll's bound is the suite's, not a shorter one of its own).
 */
async function expectNames(page: Page, expected: string[]): Promise<void> {
  await expect
    .poll(async () => (await names(page)).map((n) => n.trim()).sort())
    .toEqual([...expected].sort());
}

describe("conversations across two tabs", () => {
  const suite = useServerAndBrowser();

  it("follows create, rename and delete live, and rolls back a failed rename", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const tabA = await context.newPage();
    const errorsA = collectErrors(tabA);
    // The dropdown is for signed-in users: tab A signs up first (tab B shares the profile).
    await tabA.goto(`${passkeyUrl(suite.server.url)}/chat`);
    await tabA.getByRole("button", { name: "Conversation: Default Conversation" }).waitFor();
    await virtualAuthenticator(context, tabA);
    await waitForReplyDone(tabA);
    await signUp(tabA, { username: "two_tabs", email: "two.tabs@example.com" });

    const tabB = await context.newPage();
    await tabB.goto(`${passkeyUrl(suite.server.url)}/chat`);
    await tabB.getByRole("button", { name: "Conversation: Default Conversation" }).waitFor();
    await tabB.getByText("Live connected").waitFor();

    // Create in A; B follows.
    await openMenu(tabA);
    await tabA.getByRole("button", { name: "New Conversation" }).click();
    await tabA.getByRole("button", { name: "Conversation: Conversation 2" }).waitFor();
    await expectNames(tabB, ["Default Conversation", "Conversation 2"]);
    await closeMenu(tabB);

    // Rename in A; B follows.
    await openMenu(tabA);
    await tabA.getByRole("button", { name: "Rename Conversation 2" }).click();
    const input = tabA.getByRole("textbox", { name: "New name for Conversation 2" });
    await input.fill("Trip plans");
    await input.press("Enter");
    await expectNames(tabB, ["Default Conversation", "Trip plans"]);
    await screenshot(tabB, "conversations-tab-b");
    await closeMenu(tabB);

    // Delete in A; B follows.
    await openMenu(tabA);
    await tabA.getByRole("button", { name: "Delete Trip plans" }).click();
    await tabA.getByRole("button", { name: "Delete", exact: true }).click();
    await expectNames(tabB, ["Default Conversation"]);
    await closeMenu(tabB);
    await closeMenu(tabA);

    // A rename the server refuses is rolled back with the spec's message. The failure is
    // injected at the network layer: the real server has no way to fail a valid rename.
    await tabA.route("**/api/v1/core/contexts/*", (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ error: "internal_error", message: "Internal server error" }),
          })
        : route.fallback(),
    );
    await openMenu(tabA);
    await tabA.getByRole("button", { name: "Rename Default Conversation" }).click();
    const failing = tabA.getByRole("textbox", { name: "New name for Default Conversation" });
    await failing.fill("Will not stick");
    await failing.press("Enter");
    const alert = tabA.getByRole("alert");
    await alert.getByText("Failed to rename conversation").waitFor();
    expect(await alert.textContent()).toContain("Error");
    await expectNames(tabA, ["Default Conversation"]);
    await closeMenu(tabA);
    await screenshot(tabA, "conversations-rename-failed");
    await expectNames(tabB, ["Default Conversation"]);

    // Network errors from the injected 500 are expected; nothing else may have gone wrong.
    expect(errorsA.filter((e) => !e.includes("500"))).toEqual([]);
    await context.close();
  });
});
