import type { Locator } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { xAxisLayout } from "../apps/web/src/artifacts/chart/chart-data.js";
import {
  artifactFrame,
  type ChatTab,
  composerBox,
  openFirstVisit,
  screenshotOf,
  sendPrompt,
  unlimitedEnv,
  waitForNewReply,
} from "./harness/artifacts.js";
import { screenshot } from "./harness/browser.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** '$1,234.56' → 1234.56. */
function dollars(text: string): number {
  return Number(text.replace(/[$,\s]/g, ""));
}

async function amounts(table: Locator, column: number): Promise<number[]> {
  const cells = await table.locator(`tbody tr td:nth-child(${column})`).allTextContents();
  return cells.map(dollars);
}

const ascending = (values: number[]) =>
  values.every((v, i) => i === 0 || (values[i - 1] ?? v) <= v);
const descending = (values: number[]) =>
  values.every((v, i) => i === 0 || (values[i - 1] ?? v) >= v);

/** The agent's reply holding the named artifact, and that artifact's viewer. */
async function artifactIn(reply: Locator, name: string): Promise<Locator> {
  const frame = artifactFrame(reply, name);
  await frame.waitFor();
  // Parts of viewers load lazily (charts, highlighting): wait for any placeholder to go.
  await frame.getByText(/^Loading\b.*\.\.\.$/).waitFor({ state: "detached" });
  return frame;
}

describe("artifacts made by the default agent (planner)", () => {
  const suite = useServerAndBrowser(unlimitedEnv);
  let tab: ChatTab;

  beforeAll(async () => {
    tab = await openFirstVisit(suite.browser, suite.server.url);
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "fail")
      await screenshot(tab.page, `failed-${context.task.name.slice(0, 40)}`);
  });
  afterAll(async () => {
    await tab?.page.context().close();
  });

  it("shows the orders table: search, currency, sorting and paging", async () => {
    const { page } = tab;
    const reply = await sendPrompt(
      page,
      "show me a table of orders",
      "Here they are as a table, newest first.",
    );
    const frame = await artifactIn(reply, "query_orders");
    const table = frame.getByRole("table", { name: "query_orders" });
    await expect(
      frame.getByRole("searchbox", { name: "Search" }).getAttribute("placeholder"),
    ).resolves.toBe("Search...");
    const headers = (await table.locator("thead th").allTextContents()).map((h) =>
      h.replace(/[▲▼↕]/g, "").trim(),
    );
    const amountColumn = headers.indexOf("Amount") + 1;
    expect(amountColumn).toBeGreaterThan(0);
    const firstAmount =
      (await table.locator(`tbody tr td:nth-child(${amountColumn})`).first().textContent()) ?? "";
    expect(firstAmount).toMatch(/^\$[\d,]+\.\d{2}$/);

    const showing = frame.getByText(/^Showing \d+ to \d+ of \d+ results$/);
    const [, from, to, total] =
      /^Showing (\d+) to (\d+) of (\d+) results$/.exec((await showing.textContent()) ?? "") ?? [];
    expect(Number(from)).toBe(1);
    expect(Number(total)).toBeGreaterThan(0);
    expect(await table.locator("tbody tr").count()).toBe(Number(to));
    await screenshotOf(page, frame, "artifacts-table");

    // Sorting: the first click sorts ascending, the second flips to descending.
    const sortAmount = table.getByRole("button", { name: "Amount", exact: true });
    const amountHeader = table
      .locator("th")
      .filter({ has: page.getByRole("button", { name: "Amount", exact: true }) });
    expect(await amountHeader.getAttribute("aria-sort")).toBe("none");
    await sortAmount.click();
    expect(await amountHeader.getAttribute("aria-sort")).toBe("ascending");
    const up = await amounts(table, amountColumn);
    expect(ascending(up)).toBe(true);
    await sortAmount.click();
    expect(await amountHeader.getAttribute("aria-sort")).toBe("descending");
    const down = await amounts(table, amountColumn);
    expect(descending(down)).toBe(true);
    expect(down[0]).toBeGreaterThan(up[0] ?? Number.POSITIVE_INFINITY);

    // Paging: Next moves on when there is more than one page, else both buttons are disabled.
    const pageText = (await frame.getByText(/^Page \d+ of \d+$/).textContent()) ?? "";
    const pageCount = Number(/of (\d+)$/.exec(pageText)?.[1]);
    const next = frame.getByRole("button", { name: "Next" });
    const previous = frame.getByRole("button", { name: "Previous" });
    expect(await previous.isDisabled()).toBe(true);
    if (pageCount > 1) {
      await next.click();
      await frame.getByText(`Page 2 of ${pageCount}`).waitFor();
      expect(await previous.isDisabled()).toBe(false);
    } else {
      expect(pageText).toBe("Page 1 of 1");
      expect(await next.isDisabled()).toBe(true);
    }

    // Searching narrows the rows and the count.
    const customer = (await table.locator("tbody tr td:nth-child(3)").first().textContent()) ?? "";
    expect(customer.length).toBeGreaterThan(0);
    await frame.getByRole("searchbox", { name: "Search" }).fill(customer);
    const narrowed = await frame.getByText(/^Showing 1 to \d+ of \d+ results$/).textContent();
    const shown = Number(/of (\d+) results$/.exec(narrowed ?? "")?.[1]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(Number(total));
    for (const row of await table.locator("tbody tr td:nth-child(3)").allTextContents()) {
      expect(row).toBe(customer);
    }
    await screenshotOf(page, frame, "artifacts-table-searched");
    expect(tab.errors).toEqual([]);
  });

  it("draws a bar chart and, when asked, a line chart", async () => {
    const { page } = tab;
    const bar = await artifactIn(
      await sendPrompt(page, "chart of sales", "Here is the bar chart."),
      "sales_chart",
    );
    await bar.getByText("Revenue (USD) by month", { exact: true }).waitFor();
    await bar.locator("svg.recharts-surface, canvas").first().waitFor();
    await bar.locator(".recharts-bar-rectangle").first().waitFor();
    await screenshotOf(page, bar, "artifacts-chart-bar");

    const line = await artifactIn(
      await sendPrompt(page, "line chart of sales", "Here is the line chart."),
      "sales_chart",
    );
    await line.getByText("Revenue (USD) by month", { exact: true }).waitFor();
    await line.locator(".recharts-line").first().waitFor();
    expect(await line.locator(".recharts-bar-rectangle").count()).toBe(0);
    await screenshotOf(page, line, "artifacts-chart-line");
    // Every point keeps its x-axis label (Recharts drops colliding ones unless told otherwise):
    // straight or slanted while they fit, and only where even slanted ones cannot all fit, every
    // n-th one, evenly (xAxisLayout). After a resize the chart first shows its old layout, until
    // its container was measured: wait until it is drawn at its container's width, then count.
    const xTicks = line.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value");
    const drawn = () =>
      line.evaluate((frame) => {
        const container = frame.querySelector(".recharts-responsive-container");
        const surface = frame.querySelector(".recharts-wrapper > svg.recharts-surface");
        const width = container?.getBoundingClientRect().width ?? 0;
        return { width, settled: Math.round(width) === Number(surface?.getAttribute("width")) };
      });
    const settledWidth = async () => {
      await expect.poll(async () => (await drawn()).settled).toBe(true);
      return (await drawn()).width;
    };
    const labelsAndPoints = async () => ({
      labels: await xTicks.count(),
      points: await line.locator(".recharts-line-dot").count(),
    });
    await expect.poll(() => line.locator(".recharts-line-dot").count()).toBeGreaterThan(6);
    const points = await line.locator(".recharts-line-dot").count();
    await settledWidth();
    await expect.poll(labelsAndPoints).toEqual({ labels: points, points });
    const months = await xTicks.allTextContents();
    const desktop = page.viewportSize();
    for (const width of [1024, 800, 640]) {
      await page.setViewportSize({ width, height: desktop?.height ?? 900 });
      const { interval } = xAxisLayout(months, await settledWidth());
      const shown = Math.ceil(points / (interval + 1));
      // At 800 px the side columns leave the chart too narrow for 12 slanted labels.
      if (width !== 800) expect(shown).toBe(points);
      await expect.poll(labelsAndPoints).toEqual({ labels: shown, points });
      await screenshotOf(page, line, `artifacts-chart-line-${width}`);
    }
    if (desktop) await page.setViewportSize(desktop);
    expect(tab.errors).toEqual([]);
  });

  it("shows the server metrics dashboard with titled sections and metric cards", async () => {
    const { page } = tab;
    const frame = await artifactIn(
      await sendPrompt(page, "show me a dashboard", "Here is the dashboard."),
      "server_metrics",
    );
    const titles = await frame.locator("section h4").allTextContents();
    expect(titles).toEqual(
      expect.arrayContaining(["Process", "Memory (MB)", "Database", "Health"]),
    );
    const process = frame.getByRole("region", { name: "Process" });
    const uptime = process.locator("li").filter({ hasText: "Uptime" });
    expect(await uptime.locator("p").nth(1).textContent()).toMatch(/^\d+(m \d+s|h \d+m|d \d+h)$/);
    expect(await process.locator("li").count()).toBeGreaterThanOrEqual(4);
    await screenshotOf(page, frame, "artifacts-dashboard");
    await screenshotOf(page, frame, "artifacts-dashboard-end", "end");
    expect(tab.errors).toEqual([]);
  });

  it("fills and submits the feedback form; the agent receives the values", async () => {
    const { page } = tab;
    const reply = await sendPrompt(
      page,
      "open a feedback form",
      "Fill it in and send it when you are ready.",
    );
    const frame = await artifactIn(reply, "feedback_form");
    const form = frame.getByRole("form", { name: "Send feedback" });
    await form.getByRole("textbox", { name: "Name" }).fill("Grace Hopper");
    await form.getByRole("textbox", { name: /^Email/ }).fill("grace@example.com");
    await form.getByRole("combobox", { name: /^Topic/ }).selectOption("idea");
    await form.getByRole("textbox", { name: /^Message/ }).fill("A compiler for everyone");
    await screenshotOf(page, frame, "artifacts-form");
    await form.getByRole("button", { name: "Submit" }).click();

    const done = frame.getByRole("status");
    await done.getByText("Thank you! Your response was sent.").waitFor();
    await done.getByRole("button", { name: "Submit Another" }).waitFor();
    await screenshotOf(page, frame, "artifacts-form-sent");

    const sent = page
      .getByRole("article", { name: "Your message" })
      .filter({ hasText: 'Submitted form "Send feedback"' });
    await sent.waitFor();
    const sentText = (await sent.textContent()) ?? "";
    expect(sentText).toContain('"email": "grace@example.com"');
    expect(sentText).toContain('"topic": "idea"');
    expect(sentText).toContain('"message": "A compiler for everyone"');
    // The agent acknowledges the submission (rather than offering the form again).
    await waitForNewReply(
      page,
      'Thank you, I received the "Send feedback" form. Its answers are kept in this conversation; without a language model I do not act on them.',
    );

    // 'Submit Another' brings the empty form back.
    await frame.getByRole("button", { name: "Submit Another" }).click();
    await form.waitFor();
    expect(await form.getByRole("textbox", { name: /^Email/ }).inputValue()).toBe("");
    expect(tab.errors).toEqual([]);
  });

  it("highlights code with line numbers", async () => {
    const { page } = tab;
    const frame = await artifactIn(
      await sendPrompt(page, "code in python", "Here is the code."),
      "code_sample",
    );
    const pre = frame.locator('pre[data-highlighted="true"]');
    await pre.waitFor();
    const colours = await pre
      .locator("code span span[style*='color']")
      .evaluateAll((spans) => new Set(spans.map((s) => (s as HTMLElement).style.color)).size);
    expect(colours).toBeGreaterThan(1);
    const numbers = await pre.locator("code > span > span[aria-hidden='true']").allTextContents();
    expect(numbers.slice(0, 3)).toEqual(["1", "2", "3"]);
    expect(await pre.textContent()).toContain("def ");
    await screenshotOf(page, frame, "artifacts-code");
    expect(tab.errors).toEqual([]);
  });

  it("shows the docs tree with collapsible nodes", async () => {
    const { page } = tab;
    const frame = await artifactIn(
      await sendPrompt(page, "show the docs tree", "Here is the docs tree."),
      "docs_tree",
    );
    const root = frame.getByRole("button", { name: /^docs/ }).first();
    expect(await root.getAttribute("aria-expanded")).toBe("true");
    // The first page node: collapsed (default_expanded_levels 1), its sections hidden.
    const item = frame.locator("li li:has(> button[aria-expanded])").first();
    const toggle = item.locator(":scope > button");
    const children = item.locator(":scope > ul > li");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await children.count()).toBe(0);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    await children.first().waitFor();
    await screenshotOf(page, frame, "artifacts-tree");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => children.count()).toBe(0);
    expect(tab.errors).toEqual([]);
  });

  it("shows the welcome card; a call to action sends its message", async () => {
    const { page } = tab;
    const frame = await artifactIn(
      await sendPrompt(page, "welcome card", "Here is the card."),
      "welcome_card",
    );
    await frame.getByRole("heading", { name: "Welcome to A2A Chat" }).waitFor();
    await screenshotOf(page, frame, "artifacts-card");
    const cta = frame.getByRole("button", { name: /^Show recent orders/ });
    await cta.click();
    await cta.getByRole("img", { name: "Sent" }).waitFor();
    await screenshotOf(page, frame, "artifacts-card-sent");
    // The mark shows for 1.5 s.
    await cta.getByRole("img", { name: "Sent" }).waitFor({ state: "detached", timeout: 3000 });
    await page
      .getByRole("article", { name: "Your message" })
      .filter({ hasText: "Show me the latest orders in Europe" })
      .waitFor();
    await waitForNewReply(page, "Here they are as a table, newest first.");
    expect(tab.errors).toEqual([]);
  });

  it("answers a knowledge query from the docs", async () => {
    const { page } = tab;
    const frame = await artifactIn(
      await sendPrompt(page, "search the docs for artifacts", "Here is what the docs say."),
      "search_docs",
    );
    const answer = frame.locator("[data-found]");
    expect(await answer.getAttribute("data-found")).toBe("true");
    await answer.getByText("Sources", { exact: true }).waitFor();
    expect((await answer.textContent())?.toLowerCase()).toContain("artifact");
    await screenshotOf(page, frame, "artifacts-knowledge");
    expect(tab.errors).toEqual([]);
  });

  it("renders the release notes as markdown", async () => {
    const { page } = tab;
    const frame = await artifactIn(
      await sendPrompt(page, "release notes", "Here are the release notes."),
      "release_notes",
    );
    expect(await frame.getByRole("heading").count()).toBeGreaterThan(1);
    expect(await frame.locator("li").count()).toBeGreaterThan(0);
    await screenshotOf(page, frame, "artifacts-markdown");
    expect(tab.errors).toEqual([]);
  });

  it("shows the configuration as JSON", async () => {
    const { page } = tab;
    const frame = await artifactIn(
      await sendPrompt(page, "show the config", "Here it is as JSON, secrets redacted."),
      "config_summary",
    );
    const tree = frame.getByRole("list", { name: "config_summary" });
    const config = tree.getByRole("button", { name: /^config: \{\d+ keys\}$/ });
    expect(await config.getAttribute("aria-expanded")).toBe("true");
    const auth = tree.getByRole("button", { name: /^auth: \{\d+ keys\}$/ });
    expect(await auth.getAttribute("aria-expanded")).toBe("false");
    await auth.click();
    expect(await auth.getAttribute("aria-expanded")).toBe("true");
    const lifetime = tree.locator("li").filter({ hasText: /^tokenLifetimeSeconds: / });
    expect(await lifetime.textContent()).toBe("tokenLifetimeSeconds: 3600");
    await screenshotOf(page, frame, "artifacts-json");
    expect(await composerBox(page).isEnabled()).toBe(true);
    expect(tab.errors).toEqual([]);
  });
});
