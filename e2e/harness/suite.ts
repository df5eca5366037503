import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "./browser.js";
import { type E2eServer, startBuiltServer } from "./server.js";

/** Starts one built server and one Chromium for the enclosing describe block. */
export function useServerAndBrowser(env: Record<string, string> = {}) {
  const handles: { server?: E2eServer; browser?: Browser } = {};
  beforeAll(async () => {
    handles.server = await startBuiltServer(env);
    handles.browser = await launchChromium();
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
