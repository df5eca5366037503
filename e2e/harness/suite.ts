import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { workerChromium } from "./browser.js";
import { type E2eServer, startBuiltServer } from "./server.js";

/**
 * Starts `start()` and Chromium side by side (each takes a second or more on a loaded machine),
 * keeping whichever started in `handles` even when the other failed, so afterAll stops it.
 */
export async function startWithBrowser<T>(
  start: () => Promise<T>,
  handles: { browser?: Browser },
  keep: (started: T) => void,
): Promise<void> {
  const [started, browser] = await Promise.allSettled([start(), workerChromium()]);
  if (started.status === "fulfilled") keep(started.value);
  if (browser.status === "fulfilled") handles.browser = browser.value;
  if (started.status === "rejected") throw started.reason;
  if (browser.status === "rejected") throw browser.reason;
}

/** Starts one built server and one Chromium for the enclosing describe block. */
export function useServerAndBrowser(env: Record<string, string> = {}) {
  const handles: { server?: E2eServer; browser?: Browser } = {};
  beforeAll(async () => {
    await startWithBrowser(
      () => startBuiltServer(env),
      handles,
      (server) => {
        handles.server = server;
      },
    );
  });
  afterAll(async () => {
    await handles.browser?.close();
    await handles.server?.stop();
  });
  return {
    get server(): E2eServer {
      if (!handles.server) throw new Error("server not started");
      return handles.server;
    },
    get browser(): Browser {
      if (!handles.browser) throw new Error("browser not started");
      return handles.browser;
    },
  };
}
