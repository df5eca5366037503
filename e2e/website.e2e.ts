import { describe, expect, it } from "vitest";
import { collectErrors, screenshot } from "./harness/browser.js";
import { useServerAndBrowser } from "./harness/suite.js";

describe("the website in Chromium", () => {
  const suite = useServerAndBrowser();

  it("can be navigated with the keyboard alone", async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = collectErrors(page);
    await page.goto(`${suite.server.url}/`);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(page.url()).toBe(`${suite.server.url}/#main`);
    // From the skip link: the logo, then the main navigation.
    await page.goto(`${suite.server.url}/`);
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Features");
    expect(await page.evaluate(() => document.activeElement?.matches(":focus-visible"))).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${suite.server.url}/features`);
    expect(
      await page.getByRole("link", { name: "Features" }).first().getAttribute("aria-current"),
    ).toBe("page");
    await page.getByRole("link", { name: "Docs", exact: true }).first().focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${suite.server.url}/docs`);
    await page.getByRole("link", { name: "Sessions, accounts and tokens" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${suite.server.url}/docs/authentication`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Sessions, accounts and tokens",
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows a documentation page whole with JavaScript turned off", async () => {
    const context = await suite.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const response = await page.goto(`${suite.server.url}/documentation/tool-execution`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Tool execution");
    expect(await page.getByRole("heading", { name: "The parameter form" }).isVisible()).toBe(true);
    expect(await page.getByRole("navigation", { name: "On this page" }).first().isVisible()).toBe(
      true,
    );
    expect(await page.getByRole("link", { name: /Next/ }).isVisible()).toBe(true);
    // Styled: the stylesheet applies without any script.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgba(0, 0, 0, 0)");
    await screenshot(page, "website-docs-no-js");
    await context.close();
  });

  it("shows a toast for a thrown error that stays while its details are open", async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    // The page's clock runs as usual; the waits for the toasts' 5 s below jump it at once.
    await page.clock.install();
    await page.goto(`${suite.server.url}/pricing`);
    // Thrown outside the evaluated function (which would catch it), and not from a timer: the
    // installed clock's timers catch what their callbacks throw.
    await page.evaluate(() => {
      queueMicrotask(() => {
        throw new Error("Thrown by the e2e test");
      });
    });
    const toast = page.getByRole("alert").filter({ hasText: "Thrown by the e2e test" });
    await toast.waitFor();
    expect(await toast.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("0.3s");
    await toast.getByRole("button", { name: "Show details" }).click();
    await page.clock.fastForward(6000);
    expect(await toast.isVisible()).toBe(true);
    expect(await toast.textContent()).toContain("Error: Thrown by the e2e test");
    await screenshot(page, "website-error-toast");
    await toast.getByRole("button", { name: "Dismiss" }).click();
    await toast.waitFor({ state: "detached" });

    // Without details opened it leaves on its own after 5 s: the clock stands still from here
    // on but for the jumps, so a slow moment of the machine cannot count towards them.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.evaluate(() => {
      void Promise.reject(new Error("A rejection"));
    });
    const rejection = page.getByRole("alert").filter({ hasText: "Unhandled promise rejection" });
    await rejection.waitFor();
    await page.clock.fastForward(4000);
    expect(await rejection.isVisible()).toBe(true);
    await page.clock.fastForward(1500);
    await rejection.waitFor({ state: "detached" });
    await page.close();
  });

  it("fits a phone: the menu opens without scripts, closes on Escape, and nothing scrolls sideways", async () => {
    const context = await suite.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    for (const path of ["/", "/features", "/pricing", "/docs/agents", "/privacy"]) {
      await page.goto(`${suite.server.url}${path}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto(`${suite.server.url}/`);
    expect(
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Pricing" })
        .first()
        .isVisible(),
    ).toBe(false);
    await page.getByLabel("Menu").click();
    const pricing = page.locator(".menu-panel").getByRole("link", { name: "Pricing" });
    expect(await pricing.isVisible()).toBe(true);
    await screenshot(page, "website-phone-menu");
    // Escape closes it and gives the focus back to the Menu button; it opens again.
    await page.keyboard.press("Escape");
    await expect.poll(() => pricing.isVisible()).toBe(false);
    expect(await page.getByLabel("Menu").evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await page.getByLabel("Menu").click();
    await pricing.click();
    await page.waitForURL(`${suite.server.url}/pricing`);
    await screenshot(page, "website-phone-pricing");
    await page.goto(`${suite.server.url}/docs/agents`);
    await page.getByText("Documentation menu").click();
    expect(await page.locator(".docs-menu").getByRole("link", { name: "Agents" }).isVisible()).toBe(
      true,
    );
    await context.close();
  });

  it("answers an unknown address with the 404 page and status 404", async () => {
    const page = await suite.browser.newPage();
    const response = await page.goto(`${suite.server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    await page.getByRole("link", { name: "Go Home" }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.close();
  });
});
