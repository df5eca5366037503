import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser.js";
import {
  agentMessages,
  composer,
  openChat,
  send,
  texts,
  useFakeModelServerAndBrowser,
  userMessages,
  waitForReplyDone,
  welcomeText,
} from "./harness/chat.js";
import { openSignedInChat, passkeyUrl, signIn, virtualAuthenticator } from "./harness/passkeys.js";

/** The messages the thread shows, as "You: …" and "Agent: …" lines (short conversations only). */
async function thread(page: Page): Promise<string[]> {
  const articles = page.getByRole("log", { name: "Messages" }).getByRole("article");
  const rows = await articles.evaluateAll((elements) =>
    elements.map((element) => ({
      user: element.getAttribute("aria-label") === "Your message",
      text: Array.from(element.querySelectorAll("p")).at(-1)?.textContent?.trim() ?? "",
    })),
  );
  return rows.map((row) => `${row.user ? "You" : "Agent"}: ${row.text}`);
}

/** The text of each agent reply shown (its last paragraph: the fake model's answer). */
async function replies(page: Page): Promise<string[]> {
  return agentMessages(page).evaluateAll((elements) =>
    elements.map((element) => Array.from(element.querySelectorAll("p")).at(-1)?.textContent ?? ""),
  );
}

async function startConversation(page: Page) {
  await userMessages(page).filter({ hasText: welcomeText }).waitFor();
  await agentMessages(page).first().waitFor();
  await waitForReplyDone(page);
  await send(page, "alpha history?");
  await agentMessages(page).nth(1).waitFor();
  await waitForReplyDone(page);
  await send(page, "beta history?");
  await agentMessages(page).nth(2).waitFor();
  await waitForReplyDone(page);
}

describe("edit and branch, regenerate (model-backed agent)", () => {
  const suite = useFakeModelServerAndBrowser();

  it("edits a sent message into a new branch, switches back, and keeps the choice on reload and in another tab", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await startConversation(page);
    expect((await replies(page)).at(-1)).toBe(
      `Seen: ${welcomeText} | alpha history? | beta history?`,
    );

    // Edit "alpha history?": the conversation forks there.
    const alpha = userMessages(page).filter({ hasText: "alpha history?" });
    await alpha.getByRole("button", { name: "Edit" }).click();
    const box = page.getByRole("textbox", { name: "Edit message" });
    await box.fill("gamma history?");
    await box.press("Enter");
    await userMessages(page).filter({ hasText: "gamma history?" }).waitFor();
    await agentMessages(page).nth(1).waitFor();
    await waitForReplyDone(page);
    // The model saw the new branch only: not alpha, not beta.
    await expect
      .poll(() => replies(page))
      .toEqual([expect.any(String), `Seen: ${welcomeText} | gamma history?`]);
    expect(await userMessages(page).filter({ hasText: "beta history?" }).count()).toBe(0);
    const gamma = userMessages(page).filter({ hasText: "gamma history?" });
    await expect
      .poll(() => gamma.getByRole("navigation", { name: "Branches" }).innerText())
      .toMatch(/2\s*\/\s*2/);
    await screenshot(page, "branch-edited");

    // ‹ goes back to the first branch, with both of its messages.
    await gamma.getByRole("button", { name: "Previous branch" }).click();
    await userMessages(page).filter({ hasText: "beta history?" }).waitFor();
    expect(await userMessages(page).filter({ hasText: "gamma history?" }).count()).toBe(0);
    const back = userMessages(page).filter({ hasText: "alpha history?" });
    expect(await back.getByRole("navigation", { name: "Branches" }).innerText()).toMatch(
      /1\s*\/\s*2/,
    );

    // Another tab follows the choice live; a reload keeps it.
    const other = await context.newPage();
    await other.goto(`${suite.server.url}/chat`);
    await userMessages(other).filter({ hasText: "beta history?" }).waitFor();
    expect(await userMessages(other).filter({ hasText: "gamma history?" }).count()).toBe(0);
    await back.getByRole("button", { name: "Next branch" }).click();
    await userMessages(other).filter({ hasText: "gamma history?" }).waitFor();
    expect(await userMessages(other).filter({ hasText: "beta history?" }).count()).toBe(0);
    await page.reload();
    await userMessages(page).filter({ hasText: "gamma history?" }).waitFor();
    expect(await userMessages(page).filter({ hasText: "beta history?" }).count()).toBe(0);

    // A message after the edit follows the chosen branch, for the model too.
    await send(page, "delta history?");
    await agentMessages(page).nth(2).waitFor();
    await waitForReplyDone(page);
    await expect
      .poll(async () => (await replies(page)).at(-1))
      .toBe(`Seen: ${welcomeText} | gamma history? | delta history?`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("regenerates a reply as a sibling with the same switcher", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await startConversation(page);
    const last = agentMessages(page).nth(2);
    await last.getByRole("button", { name: "Regenerate" }).click();
    // The same question, asked again on a new branch: the switcher says 2 / 2.
    await expect
      .poll(async () =>
        (await agentMessages(page).nth(2).getByRole("navigation", { name: "Branches" }).count()) > 0
          ? await agentMessages(page).nth(2).getByRole("navigation").innerText()
          : "",
      )
      .toMatch(/2\s*\/\s*2/);
    await waitForReplyDone(page);
    expect(await texts(userMessages(page))).toHaveLength(3);
    expect((await replies(page)).at(-1)).toBe(
      `Seen: ${welcomeText} | alpha history? | beta history?`,
    );
    await agentMessages(page).nth(2).getByRole("button", { name: "Previous branch" }).click();
    await expect
      .poll(() => agentMessages(page).nth(2).getByRole("navigation").innerText())
      .toMatch(/1\s*\/\s*2/);
    await screenshot(page, "branch-regenerated");
    expect(await thread(page)).toHaveLength(6);
    expect(await composer(page).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("stops a reply being written with Esc", async () => {
    const { context, page, errors } = await openChat(suite.browser, suite.server.url);
    await agentMessages(page).first().waitFor();
    await waitForReplyDone(page);
    await send(page, "tokens:2000 gapMs:20 tag:esc");
    await page.getByRole("button", { name: "Stop generating" }).waitFor();
    await expect.poll(async () => (await replies(page)).length).toBe(2);
    await page.keyboard.press("Escape");
    await waitForReplyDone(page);
    await agentMessages(page).nth(1).getByText("Stopped").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the chosen branch on another device signed in to the same account", async () => {
    const url = passkeyUrl(suite.server.url);
    const a = await openSignedInChat(suite.browser, suite.server.url, {
      username: "brancher",
      email: "brancher@example.com",
    });
    await send(a.page, "alpha history?");
    await agentMessages(a.page).nth(1).waitFor();
    await waitForReplyDone(a.page);
    const alpha = userMessages(a.page).filter({ hasText: "alpha history?" });
    await alpha.getByRole("button", { name: "Edit" }).click();
    const box = a.page.getByRole("textbox", { name: "Edit message" });
    await box.fill("gamma history?");
    await box.press("Enter");
    await agentMessages(a.page).nth(1).waitFor();
    await waitForReplyDone(a.page);

    // Device B: another browser profile holding the same passkey.
    const { credentials } = await a.device.cdp.send("WebAuthn.getCredentials", {
      authenticatorId: a.device.authenticatorId,
    });
    const [credential] = credentials;
    if (!credential) throw new Error("no credential");
    const b = await openChat(suite.browser, url);
    const device = await virtualAuthenticator(b.context, b.page);
    await device.cdp.send("WebAuthn.addCredential", {
      authenticatorId: device.authenticatorId,
      credential,
    });
    await agentMessages(b.page).first().waitFor();
    await waitForReplyDone(b.page);
    await signIn(b.page, "brancher@example.com", /brancher \(User\)/);
    await userMessages(b.page).filter({ hasText: "gamma history?" }).waitFor({ timeout: 15_000 });
    expect(await userMessages(b.page).filter({ hasText: "alpha history?" }).count()).toBe(0);
    // A switch on A shows on B.
    const gamma = userMessages(a.page).filter({ hasText: "gamma history?" });
    await gamma.getByRole("button", { name: "Previous branch" }).click();
    await userMessages(b.page).filter({ hasText: "alpha history?" }).waitFor();
    expect(await userMessages(b.page).filter({ hasText: "gamma history?" }).count()).toBe(0);
    await screenshot(b.page, "branch-other-device");
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
