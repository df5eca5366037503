import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestAgent } from "../apps/server/src/test/a2a-test-agent.js";
import { script } from "../apps/server/src/test/scripted-agent.js";
import { screenshot } from "./harness/browser.js";
import { openChat, send, unlimitedEnv, waitForReplyDone } from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

const steps = ["Working... (step 1/3)", "Working... (step 2/3)", "Working... (step 3/3)"];

describe("an added agent's status messages", () => {
  let agent: Awaited<ReturnType<typeof startTestAgent>>;
  beforeAll(async () => {
    // A real A2A agent that reports three steps, a moment apart, then answers (1.5 s apart: on a
    // loaded machine the page may be read a second or more after a step arrived).
    agent = await startTestAgent({
      script: script(
        [
          ...steps.map((text) => ({ state: "working" as const, text })),
          { state: "completed", text: "All three steps done." },
        ],
        1500,
      ),
    });
  });
  afterAll(async () => {
    await agent.close();
  });
  const suite = useServerAndBrowser({ ...unlimitedEnv, OUTBOUND_ALLOW_HOSTS: "127.0.0.1" });

  it("read as distinct lines, the latest the progress line while it works, also after a reload", async () => {
    const { page, errors } = await openChat(suite.browser, suite.server.url);
    await page.getByRole("article", { name: "Message from Assistant" }).first().waitFor();
    await waitForReplyDone(page);
    await page.getByLabel("Agent URL").fill(agent.url);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const agentsColumn = page.getByRole("complementary", { name: "Agents" });
    await agentsColumn.getByRole("button", { name: "Echo agent", pressed: true }).waitFor();

    await send(page, "do the three steps");
    const reply = page.getByRole("article", { name: "Message from Echo agent" });
    const lines = reply.getByRole("list", { name: "Status updates" });
    // While it works: the latest step is the progress line, the earlier ones lines above it.
    const progress = lines.locator('[aria-current="step"]');
    await lines.getByRole("listitem").nth(1).waitFor();
    // Read in one go: the agent may already be on its third step by now.
    const seen = await lines.evaluate((list) =>
      [...list.querySelectorAll("li")].map((li) => ({
        text: li.textContent,
        current: li.getAttribute("aria-current") === "step",
      })),
    );
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.map((line) => line.text)).toEqual(steps.slice(0, seen.length));
    // The latest line, and only it, is the progress line.
    expect(seen.map((line) => line.current)).toEqual(seen.map((_, i) => i === seen.length - 1));
    await screenshot(page, "status-lines-working");

    await reply.filter({ hasText: "All three steps done." }).waitFor();
    await waitForReplyDone(page);
    expect(await lines.getByRole("listitem").allTextContents()).toEqual(steps);
    expect(await progress.count()).toBe(0);
    // Never glued into one word: as rendered, each is a line of its own.
    expect(await reply.innerText()).toContain(steps.join("\n"));
    await screenshot(page, "status-lines-done");

    await page.reload();
    const again = page.getByRole("article", { name: "Message from Echo agent" });
    await again.filter({ hasText: "All three steps done." }).waitFor();
    const stored = again.getByRole("list", { name: "Status updates" }).getByRole("listitem");
    expect(await stored.allTextContents()).toEqual(steps);
    expect(errors).toEqual([]);
  });
});
