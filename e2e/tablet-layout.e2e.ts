import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { waitForWelcome } from "./harness/artifacts.js";
import { screenshot } from "./harness/browser.js";
import { openChat } from "./harness/chat.js";
import { useServerAndBrowser } from "./harness/suite.js";

/** How many lines a element's text takes, and whether any of it is cut off. */
function textLayout(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return {
      text: element.textContent ?? "",
      lines: tops.size,
      cut: element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
    };
  });
}

async function columnShares(page: Page) {
  const width = page.viewportSize()?.width ?? 1;
  const share = async (name: string) =>
    (await page
      .getByRole("complementary", { name })
      .evaluate((el) => el.getBoundingClientRect().width)) / width;
  return { agents: await share("Agents"), tools: await share("Tools") };
}

describe("the chat on tablet and small desktop widths", () => {
  const suite = useServerAndBrowser();

  for (const width of [800, 1024]) {
    it(`reads well at ${width} px: whole names, unbroken buttons, labelled statuses`, async () => {
      const { page, context } = await openChat(suite.browser, suite.server.url, {
        viewport: { width, height: 800 },
      });
      await waitForWelcome(page);
      const tools = page.getByRole("complementary", { name: "Tools" });
      await tools.getByRole("button", { name: "analytics", exact: true }).click();
      await tools.getByRole("button", { name: "Run query_orders" }).waitFor();

      const agents = page.getByRole("list", { name: "Agents" });
      for (const name of ["Assistant", "Code Helper"]) {
        const layout = await textLayout(agents.getByText(name, { exact: true }));
        expect(layout, name).toEqual({ text: name, lines: 1, cut: false });
      }
      for (const name of ["analytics", "product"]) {
        const layout = await textLayout(tools.getByText(name, { exact: true }));
        expect(layout, name).toEqual({ text: name, lines: 1, cut: false });
      }
      for (const name of ["query_orders", "list_regions", "sales_chart", "build_report"]) {
        const layout = await textLayout(tools.getByTitle(name, { exact: true }));
        expect(layout, name).toEqual({ text: name, lines: 1, cut: false });
      }
      for (const label of ["Add server", "Debug mode"]) {
        const layout = await textLayout(tools.getByText(label, { exact: true }));
        expect(layout, label).toEqual({ text: label, lines: 1, cut: false });
      }
      // The header's statuses say what their dots are.
      // The header's statuses say what their dots are: a word shown at full size (not just the
      // 1 px screen-reader text).
      const header = page.getByRole("banner");
      for (const label of [/^Live/, /^Server/]) {
        const widest = await header
          .getByText(label)
          .evaluateAll((nodes) => Math.max(...nodes.map((n) => n.getBoundingClientRect().width)));
        expect(widest, String(label)).toBeGreaterThan(20);
      }

      const shares = await columnShares(page);
      if (width === 800) {
        // Tablet (tools spec §2): 25% / 1fr / 20%.
        expect(shares.agents).toBeCloseTo(0.25, 2);
        expect(shares.tools).toBeCloseTo(0.2, 2);
      } else {
        // Desktop: about 20% / 1fr / 15% (160 px at least for the tools: 15.6%).
        expect(shares.agents).toBeCloseTo(0.2, 2);
        expect(shares.tools).toBeGreaterThanOrEqual(0.15);
        expect(shares.tools).toBeLessThan(0.16);
      }
      // Every button and field stays inside its column's padding.
      for (const name of ["Agents", "Tools"]) {
        const outside = await page.getByRole("complementary", { name }).evaluate((aside) => {
          // The column's content box: inside its padding.
          const content = aside.firstElementChild as HTMLElement;
          const style = getComputedStyle(content);
          const outer = content.getBoundingClientRect();
          const box = {
            left: outer.left + Number.parseFloat(style.paddingLeft),
            right: outer.right - Number.parseFloat(style.paddingRight),
          };
          return Array.from(aside.querySelectorAll("button, button *, input"))
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
            })
            .map((el) => el.textContent || el.getAttribute("aria-label") || el.tagName);
        });
        expect(outside, name).toEqual([]);
      }
      // Nothing scrolls sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, `chat-${width}px`);
      await context.close();
    });
  }
});
