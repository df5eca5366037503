import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type ChatTab,
  eventually,
  openChat,
  openFirstVisit,
  screenshotOf,
  sendPrompt,
  unlimitedEnv,
  waitForNewReply,
  waitIdle,
} from "./harness/artifacts.js";
import { screenshot } from "./harness/browser.js";
import { passkeyUrl, signUp, virtualAuthenticator } from "./harness/passkeys.js";
import { useServerAndBrowser } from "./harness/suite.js";

const columns = [
  "Status",
  "Agent",
  "MCP Server",
  "Conversation",
  "Task ID",
  "Msgs",
  "Arts",
  "Duration",
  "Timestamp",
  "Actions",
];

interface TaskRowText {
  status: string;
  agent: string;
  mcpServer: string;
  conversation: string;
  id: string;
  messages: string;
  artifacts: string;
  duration: string;
  actions: string;
}

function tasksRegion(page: Page) {
  return page.getByRole("region", { name: "Tasks" });
}

async function openView(page: Page, name: "Conversation" | "Tasks" | "Artifacts"): Promise<void> {
  await page.getByRole("tab", { name, exact: true }).click();
  await page.getByRole("tab", { name, exact: true, selected: true }).waitFor();
}

/** The rows of the task table, read cell by cell (no table: no rows). */
async function taskRows(page: Page): Promise<TaskRowText[]> {
  const rows = tasksRegion(page).locator("table tbody tr");
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll("td")).map((td) => (td.textContent ?? "").trim()),
    ),
  );
  return cells.map((c) => ({
    status: c[0] ?? "",
    agent: c[1] ?? "",
    mcpServer: c[2] ?? "",
    conversation: c[3] ?? "",
    id: c[4] ?? "",
    messages: c[5] ?? "",
    artifacts: c[6] ?? "",
    duration: c[7] ?? "",
    actions: c[9] ?? "",
  }));
}

/** Polls the task table until it has `count` rows (the view follows the live stream). */
async function expectRowCount(page: Page, count: number): Promise<TaskRowText[]> {
  const rows = await eventually(
    () => taskRows(page),
    (r) => r.length === count,
  );
  expect(rows.length).toBe(count);
  return rows;
}

async function pressFilter(page: Page, name: string): Promise<void> {
  await tasksRegion(page).getByRole("button", { name, exact: true }).click();
}

async function newConversation(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Conversation: / }).click();
  await page.getByRole("button", { name: "New Conversation" }).click();
  await page.getByRole("button", { name: "Conversation: Conversation 2" }).waitFor();
}

const question = "Happy to! What topic would you like to explore today?";

describe("the Tasks and Artifacts views", () => {
  const suite = useServerAndBrowser(unlimitedEnv);
  let tab: ChatTab;

  beforeAll(async () => {
    // Default Conversation: the welcome task, the orders table and a question waiting for input;
    // Conversation 2: a chart.
    // Signed in: the second conversation comes from the dropdown, which is for accounts.
    tab = await openFirstVisit(suite.browser, passkeyUrl(suite.server.url));
    const { page } = tab;
    await virtualAuthenticator(page.context(), page);
    await signUp(page, { username: "task_viewer", email: "task.viewer@example.com" });
    await sendPrompt(page, "show me a table of orders", "Here they are as a table, newest first.");
    await sendPrompt(page, "ask me something", question);
    await page.getByRole("heading", { name: "Input Required" }).waitFor();
    await newConversation(page);
    await sendPrompt(page, "chart of sales", "Here is the bar chart.");
  }, 90_000);
  afterEach(async (context) => {
    if (context.task.result?.state === "fail") {
      await screenshot(tab.page, `failed-tasks-${context.task.name.slice(0, 30)}`);
    }
  });
  afterAll(async () => {
    await tab?.page.context().close();
  });

  it("lists tasks by scope and status, with details", async () => {
    const { page } = tab;
    await openView(page, "Tasks");
    const region = tasksRegion(page);
    await region.locator("table").waitFor();
    // The header cells hold the spec's words exactly (CSS shows them upper-case).
    expect(await region.locator("table thead th").allTextContents()).toEqual(columns);

    // Current (the default): only Conversation 2's chart task.
    expect(await region.getByRole("button", { name: "Current" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(await region.getByRole("button", { name: "Clear All" }).count()).toBe(0);
    const current = await expectRowCount(page, 1);
    expect(current[0]?.conversation).toBe("Conversation 2");
    expect(current[0]?.status).toBe("Completed");
    expect(current[0]?.artifacts).toBe("1");

    // All Conversations: the three tasks of Default Conversation too.
    await pressFilter(page, "All Conversations");
    await region.getByRole("button", { name: "Clear All" }).waitFor();
    expect(await region.getByRole("button", { name: "Current" }).getAttribute("aria-pressed")).toBe(
      "false",
    );
    const all = await expectRowCount(page, 4);
    await screenshot(page, "tasks-all");
    for (const row of all) {
      expect(row.id).toMatch(/^[0-9a-f-]{8}$/);
      // The agent as the rest of the app names it, not its id.
      expect(row.agent).toBe("Assistant");
    }
    expect(all.filter((r) => r.conversation === "Default Conversation")).toHaveLength(3);
    expect(all.map((r) => r.status).sort()).toEqual([
      "Completed",
      "Completed",
      "Completed",
      "Input Required",
    ]);
    const waiting = all.find((r) => r.status === "Input Required");
    expect(waiting?.actions).toContain("Respond");
    expect(waiting?.duration).toBe("—");
    for (const row of all.filter((r) => r.status === "Completed")) {
      expect(row.duration).not.toBe("—");
      expect(row.actions).not.toContain("Respond");
    }

    // Status filters toggle; 'Clear All' goes back to All and Current.
    await pressFilter(page, "Completed");
    expect((await expectRowCount(page, 3)).every((r) => r.status === "Completed")).toBe(true);
    await pressFilter(page, "Completed");
    await expectRowCount(page, 4);
    await pressFilter(page, "Working");
    await region.getByRole("heading", { name: "No Tasks Match Filters" }).waitFor();
    await region.getByText("Try adjusting your filters to see more tasks").waitFor();
    await pressFilter(page, "Failed");
    expect(await region.getByRole("button", { name: "Failed" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await region.getByRole("heading", { name: "No Tasks Match Filters" }).waitFor();
    await screenshot(page, "tasks-no-match");
    await region.getByRole("button", { name: "Clear All" }).click();
    expect(
      await region.getByRole("button", { name: "All", exact: true }).getAttribute("aria-pressed"),
    ).toBe("true");
    expect(await region.getByRole("button", { name: "Current" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(await region.getByRole("button", { name: "Clear All" }).count()).toBe(0);
    await expectRowCount(page, 1);

    // Details: status, message history, artifacts and metadata.
    await region.locator("table tbody tr").first().getByRole("button", { name: "Details" }).click();
    const dialog = page.getByRole("dialog", { name: /^Task Details / });
    await dialog.waitFor();
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe(
      `Task Details ${current[0]?.id}`,
    );
    await dialog.getByText("Completed", { exact: true }).waitFor();
    await dialog.getByRole("heading", { name: /^Message History \(\d+\)$/ }).waitFor();
    await dialog.getByText("chart of sales", { exact: true }).waitFor();
    await dialog.getByRole("heading", { name: "Artifacts (1)" }).waitFor();
    // The artifact's name, in the Artifacts section (the message history may quote it too).
    await dialog
      .getByRole("region", { name: "Artifacts" })
      .getByText("sales_chart", { exact: true })
      .waitFor();
    const metadata = (await dialog.getByRole("region", { name: "Metadata" }).textContent()) ?? "";
    expect(metadata).toContain('"task_type": "agent_message"');
    expect(metadata).toContain('"agent_name": "assistant"');
    await screenshot(page, "tasks-details");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(tab.errors).toEqual([]);
  });

  it("shows every column of every task at 1440 px, on a tablet and on a phone, and the MCP server of tool calls", async () => {
    const { page } = tab;
    await openView(page, "Tasks");
    await pressFilter(page, "All Conversations");
    const rows = await expectRowCount(page, 4);
    // The orders table and the chart came from the analytics server's tools; the others used none.
    expect(rows.map((r) => r.mcpServer).sort()).toEqual(["analytics", "analytics", "—", "—"]);

    const region = tasksRegion(page);
    for (const [width, height, name] of [
      [1440, 900, "desktop"],
      [820, 1180, "tablet"],
      [390, 844, "phone"],
    ] as const) {
      await page.setViewportSize({ width, height });
      const view = await region.locator("table").locator("..").boundingBox();
      expect(view).toBeTruthy();
      if (!view) continue;
      const boxes = await region.locator("table tbody tr").evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(tr.querySelectorAll("td")).map((td) => {
            const r = td.getBoundingClientRect();
            return { x: r.x, y: r.y, w: r.width, h: r.height };
          }),
        ),
      );
      for (const cells of boxes) {
        expect(cells).toHaveLength(columns.length);
        for (const [i, a] of cells.entries()) {
          // On screen within the view, not scrolled off to the side...
          expect(a.w, `${name}: column ${columns[i]} has no width`).toBeGreaterThan(0);
          expect(a.x).toBeGreaterThanOrEqual(view.x - 1);
          expect(a.x + a.w, `${name}: ${columns[i]} off the right edge`).toBeLessThanOrEqual(
            view.x + view.width + 1,
          );
          // ...and under no other cell of its row.
          for (const b of cells.slice(i + 1)) {
            const apart =
              a.x + a.w <= b.x + 1 ||
              b.x + b.w <= a.x + 1 ||
              a.y + a.h <= b.y + 1 ||
              b.y + b.h <= a.y + 1;
            expect(apart, `${name}: ${columns[i]} overlaps another column`).toBe(true);
          }
        }
      }
      // Wide enough for the table: its header row shows; narrower, each task is a labelled card.
      // (the header row stays for screen readers, as a 1 px box).
      const header = await region.locator("table thead").boundingBox();
      const headerShown = (header?.height ?? 0) > 2;
      expect(headerShown).toBe(name === "desktop");
      await screenshot(page, `tasks-columns-${name}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("answers an input-required task from the table's Respond button", async () => {
    const { page } = tab;
    await openView(page, "Tasks");
    await pressFilter(page, "All Conversations");
    await expectRowCount(page, 4);
    // Respond is on screen without scrolling the wide table sideways.
    const respond = tasksRegion(page).getByRole("button", { name: "Respond" });
    const scroller = await tasksRegion(page).locator("table").locator("..").boundingBox();
    const button = await respond.boundingBox();
    expect(button && scroller).toBeTruthy();
    if (button && scroller) {
      expect(button.x + button.width).toBeLessThanOrEqual(scroller.x + scroller.width);
    }
    await screenshot(page, "tasks-respond-visible");
    await respond.click();

    // The conversation the task belongs to opens with its question.
    await page.getByRole("button", { name: "Conversation: Default Conversation" }).waitFor();
    await page.getByRole("tab", { name: "Conversation", exact: true, selected: true }).waitFor();
    const panel = page.getByRole("region", { name: "Input Required" });
    await panel.getByText(question).waitFor();
    await screenshotOf(page, panel, "tasks-respond-panel");
    await panel.getByRole("textbox", { name: "Your response" }).fill("astronomy");
    await panel.getByRole("button", { name: "Respond" }).click();
    await waitForNewReply(page, 'Thanks! You would like to explore "astronomy".');
    await panel.waitFor({ state: "detached" });

    await openView(page, "Tasks");
    await pressFilter(page, "All Conversations");
    const rows = await eventually(
      () => taskRows(page),
      (r) => r.length === 4 && r.every((row) => row.status === "Completed"),
    );
    expect(rows.map((r) => r.status)).toEqual(Array(4).fill("Completed"));
    expect(await tasksRegion(page).getByRole("button", { name: "Respond" }).count()).toBe(0);
    expect(tab.errors).toEqual([]);
  });

  it("adds a task sent from another tab to the open table without a reload", async () => {
    const { page } = tab;
    await openView(page, "Tasks");
    await pressFilter(page, "All Conversations");
    const before = await expectRowCount(page, 4);

    const other = await openChat(page.context(), passkeyUrl(suite.server.url));
    // The view choice is stored: the second tab opens on Tasks too.
    await openView(other.page, "Conversation");
    await waitIdle(other.page);
    await sendPrompt(other.page, "show me a dashboard", "Here is the dashboard.");

    const after = await eventually(
      () => taskRows(page),
      (r) => r.length === 5 && r.every((row) => row.status === "Completed"),
    );
    expect(after).toHaveLength(5);
    const added = after.find((row) => !before.some((b) => b.id === row.id));
    expect(added?.artifacts).toBe("1");
    await screenshot(page, "tasks-live");
    expect(other.errors).toEqual([]);
    await other.page.close();
    expect(tab.errors).toEqual([]);
  });

  it("lists artifacts with type and conversation filters, opens and follows live", async () => {
    const { page } = tab;
    await openView(page, "Artifacts");
    await page.getByRole("heading", { name: "All Artifacts" }).waitFor();
    // The orders table, the chart and the dashboard.
    await page.getByText("Showing 3 of 3 artifacts").waitFor();
    const cards = page.getByRole("article", { name: /^Artifact [0-9a-f-]{8}$/ });
    expect(await cards.count()).toBe(3);
    // Newest first: the dashboard from the last test leads.
    expect(await cards.first().getByRole("heading").textContent()).toBe("server_metrics");
    await screenshot(page, "artifacts-view");

    const type = page.getByRole("combobox", { name: "Type" });
    const conversation = page.getByRole("combobox", { name: "Conversation" });
    expect(await type.locator("option:checked").textContent()).toBe("All Types");
    expect(await conversation.locator("option:checked").textContent()).toBe("All Conversations");
    await type.selectOption("chart");
    await page.getByText("Showing 1 of 3 artifacts").waitFor();
    expect(await cards.first().getByRole("heading").textContent()).toBe("sales_chart");
    await type.selectOption({ label: "All Types" });
    await page.getByText("Showing 3 of 3 artifacts").waitFor();
    await conversation.selectOption({ label: "Default Conversation" });
    await page.getByText("Showing 2 of 3 artifacts").waitFor();
    expect(
      (await cards.allTextContents()).every((text) => text.includes("Default Conversation")),
    ).toBe(true);
    await conversation.selectOption({ label: "Conversation 2" });
    await page.getByText("Showing 1 of 3 artifacts").waitFor();
    await screenshot(page, "artifacts-view-filtered");

    // Open switches to the conversation view of the artifact's conversation.
    expect(await page.getByRole("button", { name: /^Conversation: / }).textContent()).toContain(
      "Default Conversation",
    );
    await cards.first().getByRole("button", { name: "Open" }).click();
    await page.getByRole("button", { name: "Conversation: Conversation 2" }).waitFor();
    await page.getByRole("tab", { name: "Conversation", exact: true, selected: true }).waitFor();
    await page.getByRole("region", { name: "sales_chart", exact: true }).waitFor();

    // A new artifact made in another tab appears without a reload.
    await openView(page, "Artifacts");
    await page.getByText("Showing 3 of 3 artifacts").waitFor();
    const other = await openChat(page.context(), passkeyUrl(suite.server.url));
    await openView(other.page, "Conversation");
    await waitIdle(other.page);
    await sendPrompt(other.page, "release notes", "Here are the release notes.");
    await page.getByText("Showing 4 of 4 artifacts").waitFor({ timeout: 10_000 });
    expect(await cards.first().getByRole("heading").textContent()).toBe("release_notes");
    await screenshot(page, "artifacts-view-live");
    expect(other.errors).toEqual([]);
    await other.page.close();
    expect(tab.errors).toEqual([]);
  });
});
