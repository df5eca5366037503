import { cardVerificationTexts, extensionMessages } from "@a2a-chat/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCardAgent } from "../apps/server/src/test/card-agent.js";
import { screenshot } from "./harness/browser.js";
import { openChat, unlimitedEnv, waitForReplyDone } from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

const unknownExtension = "urn:example:unknown-extension:v1";

describe("signed cards and extensions of agents added by URL", () => {
  let signed: Awaited<ReturnType<typeof startCardAgent>>;
  let tampered: Awaited<ReturnType<typeof startCardAgent>>;
  let demanding: Awaited<ReturnType<typeof startCardAgent>>;
  beforeAll(async () => {
    signed = await startCardAgent({
      signed: true,
      extensions: [
        { uri: "urn:a2a-chat:extension:tools:v1", required: false, description: "Tool results" },
      ],
    });
    tampered = await startCardAgent({
      signed: true,
      tamper: (card) => ({ ...card, name: "Tampered agent" }),
    });
    demanding = await startCardAgent({
      extensions: [{ uri: unknownExtension, required: true, description: "Needed" }],
    });
  });
  afterAll(async () => {
    await Promise.all([signed.close(), tampered.close(), demanding.close()]);
  });
  const suite = useServerAndBrowser({ ...unlimitedEnv, OUTBOUND_ALLOW_HOSTS: "127.0.0.1" });

  it("shows 'Verified by <host>', warns about a tampered card, lists extensions, and refuses an unsupported required one", async () => {
    const { page, errors } = await openChat(suite.browser, suite.server.url);
    const agentsColumn = page.getByRole("complementary", { name: "Agents" });
    await page.getByRole("article", { name: "Message from Assistant" }).first().waitFor();
    await waitForReplyDone(page);
    const add = async (url: string) => {
      await page.getByLabel("Agent URL").fill(url);
      await page.getByRole("button", { name: "Add", exact: true }).click();
    };

    await add(signed.url);
    const host = new URL(signed.url).host;
    const entry = agentsColumn.getByRole("listitem").filter({ hasText: "Card agent" });
    await entry.getByText(cardVerificationTexts.verified(host)).waitFor();
    await entry.getByRole("button", { name: "View details" }).click();
    const details = page.getByRole("dialog", { name: "Card agent" });
    await details.getByText(cardVerificationTexts.verified(host)).waitFor();
    const extensions = details.getByRole("region", { name: "Extensions" });
    await extensions.getByText("urn:a2a-chat:extension:tools:v1").waitFor();
    await extensions.getByText("Optional").waitFor();
    await screenshot(page, "signed-card-details");
    await page.keyboard.press("Escape");

    await add(tampered.url);
    const bad = agentsColumn.getByRole("listitem").filter({ hasText: "Tampered agent" });
    await bad.getByText("⚠ Signature check failed").waitFor();
    await bad.getByRole("button", { name: "View details" }).click();
    const badDetails = page.getByRole("dialog", { name: "Tampered agent" });
    await badDetails
      .getByRole("alert")
      .filter({ hasText: cardVerificationTexts.invalid })
      .waitFor();
    await screenshot(page, "tampered-card-details");
    await page.keyboard.press("Escape");

    await add(demanding.url);
    const refusal = page.getByRole("alert").filter({
      hasText: extensionMessages.unsupportedRequired([unknownExtension]),
    });
    await refusal.waitFor();
    await screenshot(page, "required-extension-refused");
    expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
  });
});
