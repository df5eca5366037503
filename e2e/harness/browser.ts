import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium unless CHROMIUM_PATH says otherwise; never a downloaded browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's chromium-headless-shell: the same Chromium, built for headless use only. */
export const headlessShellPath = "/usr/bin/chromium-headless-shell";

/**
 * The browser the e2e tests drive: CHROMIUM_PATH if set, else Debian's headless shell when
 * installed (`.ci/run` installs it), else Debian's Chromium. The shell is what Playwright itself
 * runs for headless tests: it has no browser window, so a fresh context's `/chat` costs it 0.90 s
 * of CPU against the full browser's 1.16 s, and the e2e project 220 s of browser CPU against 245 s
 * (docs/benchmarks/notes/test-time.md). Benches that measure what a person's browser does
 * (Lighthouse) keep the full one.
 */
export const testBrowserPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShellPath) ? headlessShellPath : chromiumPath);

/** Where e2e tests leave screenshots for people to look at. */
export const screenshotDir = fileURLToPath(new URL("../screenshots", import.meta.url));

/**
 * Chromium features Playwright turns off itself (playwright-core's chromiumSwitches). Chromium
 * reads only the last `--disable-features` switch, so turning more off means repeating these:
 * browser-flags.e2e.ts checks this list against the one Playwright passes.
 */
export const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * What else the tests' browser turns off: work for a browser window no test looks at. Each new
 * context opens a window, and Chromium 156 loaded that window's address-bar popup as two WebUI
 * pages in a renderer of their own (chrome://omnibox-popup.top-chrome), about a second of CPU;
 * and it started a spare renderer for the context's next navigation, which a test's context
 * rarely makes. Without them a context's first `/chat` cost 2.7 s of CPU instead of 4.6 s on
 * the 2-core machine (docs/benchmarks/notes/test-time.md). Pages render the same.
 */
export const idleWindowFeatures = [
  "WebUIOmniboxPopup",
  "WebUIOmniboxFullPopup",
  "WebUIOmniboxAimPopup",
  "SpareRendererForSitePerProcess",
];

/**
 * The flags this machine needs: no sandbox (root), no GPU, and nothing that reaches for the
 * network on its own (this machine's closed network refuses it); and the features above off.
 */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  `--disable-features=${[...playwrightDisabledFeatures, ...idleWindowFeatures].join(",")}`,
];

/**
 * Launches headless Chromium with the flags this machine needs: the tests' (testBrowserPath) by
 * default; the benches pass the full browser's path, which their recorded figures were made with.
 */
export function launchChromium(executablePath = testBrowserPath): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: chromiumFlags });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker, launched once and shared by the files the worker runs one
 * after another (the e2e project does not isolate files): a launch costs about 1.2 s of CPU on
 * this machine, once per file before. Each file works in browser contexts of its own, which
 * share no cookies, storage or cache. The handle's `close()` closes the contexts still open
 * instead of the browser, so a file leaves no pages running into the next; a browser that
 * crashed or was closed is launched again.
 */
export async function workerChromium(): Promise<Browser> {
  workerBrowser ??= launchChromium();
  let browser = await workerBrowser.catch(() => undefined);
  if (!browser?.isConnected()) {
    workerBrowser = launchChromium();
    browser = await workerBrowser;
  }
  return forOneFile(browser);
}

/** `browser` with `close()` closing only its open contexts (see workerChromium). */
function forOneFile(browser: Browser): Browser {
  const closeContexts = async () => {
    await Promise.all(browser.contexts().map((context) => context.close()));
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === "close") return closeContexts;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Collects console errors and page errors (CSP violations land here too). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Saves a full-page screenshot under e2e/screenshots/. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
