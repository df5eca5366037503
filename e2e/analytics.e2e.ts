import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqliteFileName } from "../apps/server/src/db/database.js";
import { collectErrors } from "./harness/browser.js";
import { useServerAndBrowser } from "./harness/suite.js";

interface EventRow {
  event_type: string;
  content_id: string;
  session_id: string | null;
  referrer_class: string | null;
  time_on_page_seconds: number | null;
  scroll_depth_percent: number | null;
  is_bot: number;
}

// Headless Chromium says so in its agent and is counted as a bot; a reader's browser is not.
const desktopChrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

describe("website analytics in Chromium", () => {
  const suite = useServerAndBrowser();
  const readerPage = async () => {
    const context = await suite.browser.newContext({
      userAgent: desktopChrome,
      viewport: { width: 1280, height: 800 },
    });
    return context.newPage();
  };

  const rows = (contentId: string): EventRow[] => {
    const db = new SqliteDatabase(join(suite.server.dataDir, sqliteFileName), { readonly: true });
    try {
      return db
        .prepare("select * from site_events where content_id = ? order by created_at")
        .all(contentId) as EventRow[];
    } finally {
      db.close();
    }
  };
  /** Waits until the rows of a page satisfy a condition (beacons arrive on their own time). */
  const waitForRows = async (contentId: string, done: (rows: EventRow[]) => boolean) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = rows(contentId);
      if (done(found) || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it("records one view and, after 6 s and a scroll, one engagement with the depth reached", async () => {
    const page = await readerPage();
    // The page's clock runs as usual and jumps the 6 s on the page below at once.
    await page.clock.install();
    const errors = collectErrors(page);
    await page.goto(`${suite.server.url}/docs/configuration`);
    const views = await waitForRows("docs-configuration", (r) => r.length >= 1);
    expect(views.map((r) => [r.event_type, r.referrer_class, r.is_bot])).toEqual([
      ["view", "direct", 0],
    ]);

    const expectedDepth = await page.evaluate(() => {
      const root = document.documentElement;
      const y = Math.round((root.scrollHeight - window.innerHeight) / 2);
      window.scrollTo(0, y);
      return Math.floor(((window.scrollY + window.innerHeight) / root.scrollHeight) * 100);
    });
    expect(expectedDepth).toBeGreaterThan(0);
    expect(expectedDepth).toBeLessThan(100);
    await page.clock.fastForward(6000);
    // Leave for another page of the site by its link, clicked where it is (Playwright's own click
    // would scroll it into view first, which is a deeper scroll).
    await page.evaluate(() =>
      document
        .querySelector<HTMLAnchorElement>('nav[aria-label="Previous and next"] a[rel="next"]')
        ?.click(),
    );
    await page.waitForURL((url) => url.pathname !== "/docs/configuration");

    const all = await waitForRows("docs-configuration", (r) => r.length >= 2);
    expect(all.map((r) => r.event_type)).toEqual(["view", "engagement"]);
    const engagement = all[1] as EventRow;
    expect(engagement.session_id).toBe(views[0]?.session_id);
    expect(engagement.time_on_page_seconds).toBeGreaterThanOrEqual(6);
    expect(engagement.scroll_depth_percent).toBe(expectedDepth);

    // The next page's view came from this site, in the same session.
    const nextKey = await page.evaluate(
      () => document.querySelector<HTMLMetaElement>('meta[name="content-key"]')?.content ?? "",
    );
    const next = await waitForRows(nextKey, (r) => r.length >= 1);
    expect(next.map((r) => [r.event_type, r.referrer_class, r.session_id])).toEqual([
      ["view", "internal", views[0]?.session_id],
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("sends no engagement for a short visit", async () => {
    const page = await readerPage();
    await page.goto(`${suite.server.url}/pricing`);
    await waitForRows("pricing", (r) => r.length >= 1);
    await page.close({ runBeforeUnload: true });
    // A later page's view is stored after anything the closed page could still have sent.
    const headless = await suite.browser.newPage();
    await headless.goto(`${suite.server.url}/about`);
    const about = await waitForRows("about", (r) => r.length >= 1);
    await headless.close();
    expect(rows("pricing").map((r) => [r.event_type, r.is_bot])).toEqual([["view", 0]]);
    expect(about.map((r) => [r.event_type, r.is_bot])).toEqual([["view", 1]]);
  });
});
