import { readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  headlessShellPath,
  idleWindowFeatures,
  playwrightDisabledFeatures,
  testBrowserPath,
  workerChromium,
} from "./harness/browser.js";

/** The command lines of the Chromium browser processes running (not their renderers or helpers). */
function browserCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    } catch {
      continue; // ended meanwhile
    }
    if (!args.includes("--remote-debugging-pipe")) continue;
    if (args.some((arg) => arg.startsWith("--type="))) continue;
    lines.push(args);
  }
  return lines;
}

const featureLists = (args: string[]) =>
  args
    .filter((arg) => arg.startsWith("--disable-features="))
    .map((arg) => arg.split("=")[1]?.split(",") ?? []);

describe("the tests' Chromium", () => {
  afterAll(async () => {
    await (await workerChromium()).close();
  });

  it.runIf(process.env.CI && !process.env.CHROMIUM_PATH)(
    "is Debian's headless shell in CI (.ci/run installs it), not the full browser",
    () => {
      expect(testBrowserPath).toBe(headlessShellPath);
    },
  );

  it("keeps Playwright's disabled features when it turns more off, and opens no address-bar popup", async () => {
    const browser = await workerChromium();
    const launched = browserCommandLines().filter((args) =>
      args.some((arg) => arg.includes(idleWindowFeatures[0] ?? "")),
    );
    expect(launched.length).toBeGreaterThan(0);
    for (const args of launched) {
      // Playwright's switch first, ours last: Chromium reads only the last one.
      const [playwrights, ...rest] = featureLists(args);
      const ours = rest.at(-1);
      expect(playwrights?.length).toBeGreaterThan(0);
      expect(playwrightDisabledFeatures).toEqual(expect.arrayContaining(playwrights ?? []));
      expect(ours).toEqual([...playwrightDisabledFeatures, ...idleWindowFeatures]);
    }

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent("<h1>Hello</h1>");
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send("Target.getTargets");
    await cdp.detach();
    const urls = targetInfos.map((target) => target.url);
    expect(urls).toContain("about:blank");
    expect(urls.filter((url) => url.startsWith("chrome://"))).toEqual([]);
    await context.close();
  });
});
