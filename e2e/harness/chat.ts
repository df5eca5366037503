import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { collectErrors } from "./browser.js";
import { type FakeTokenProvider, startFakeTokenProvider } from "./fake-model.js";
import { type E2eServer, startBuiltServer } from "./server.js";
import { startWithBrowser } from "./suite.js";

/** A fresh browser profile with the chat open in it. */
export interface ChatTab {
  context: BrowserContext;
  page: Page;
  /** Console and page errors seen so far (see collectErrors). */
  errors: string[];
}

/** The desktop viewport the chat tests use. */
export const desktopViewport = { width: 1280, height: 800 } as const;

/** The name the default agent goes by in the agents column and on its messages. */
export const defaultAgentName = "Assistant";

/** What the app sends by itself on a first visit (core spec §4, "Other"). */
export const welcomeText = "Hello A2A Chat!";

/** A phone: the viewport the mobile tests use, with touch. */
export const phoneContext: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** Opens /chat in a new browser profile and waits until its conversation is there. */
export async function openChat(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = { viewport: desktopViewport },
): Promise<ChatTab> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${url}/chat`);
  await page.getByRole("button", { name: "Conversation: Default Conversation" }).waitFor();
  return { context, page, errors };
}

/** The message text box. */
export function composer(page: Page): Locator {
  return page.getByRole("textbox", { name: "Message" });
}

/** The user's messages, in order. */
export function userMessages(page: Page): Locator {
  return page.getByRole("article", { name: "Your message" });
}

/** The agent's messages, in order. */
export function agentMessages(page: Page, agent = defaultAgentName): Locator {
  return page.getByRole("article", { name: `Message from ${agent}` });
}

/** Types a message and sends it with Enter. */
export async function send(page: Page, text: string): Promise<void> {
  const box = composer(page);
  await box.fill(text);
  await box.press("Enter");
}

/** The text of each of these messages (the list is virtualised: keep conversations short). */
export async function texts(messages: Locator): Promise<string[]> {
  return (await messages.allInnerTexts()).map((text) => text.trim());
}

/**
 * Waits until no reply streams any more: the send button is back, no message says 'Updating'
 * and the message log is not busy.
 */
export async function waitForReplyDone(page: Page, timeout = 30_000): Promise<void> {
  await page.getByRole("button", { name: "Send message" }).waitFor({ timeout });
  await expect
    .poll(
      async () => ({
        updating: await page.getByRole("log", { name: "Messages" }).getByText("Updating").count(),
        busy: await page.getByRole("log", { name: "Messages" }).getAttribute("aria-busy"),
        stop: await page.getByRole("button", { name: "Stop generating" }).count(),
      }),
      { timeout },
    )
    .toEqual({ updating: 0, busy: "false", stop: 0 });
}

/** Waits until a message's text has at least `length` characters, and returns it. */
export async function waitForTextLength(message: Locator, length: number): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        text = (await message.count()) > 0 ? await message.innerText() : "";
        return text.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(length);
  return text;
}

/**
 * Records every placeholder the message box shows from now on, so a short-lived one (a reply
 * that streams for a moment) is not missed between two polls. Returns a reader of the record.
 */
export async function watchPlaceholder(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const record = () => {
      const box = document.querySelector('textarea[aria-label="Message"]');
      const value = box?.getAttribute("placeholder");
      if (value && seen[seen.length - 1] !== value) seen.push(value);
    };
    record();
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["placeholder"],
    });
    (window as unknown as { placeholdersSeen: string[] }).placeholdersSeen = seen;
  });
  return () =>
    page.evaluate(() => [
      ...(window as unknown as { placeholdersSeen: string[] }).placeholdersSeen,
    ]);
}

/**
 * Records, from now on, the most agent bubbles ever shown at once holding each of `texts`, so a
 * duplicate that shows for a moment (between two polls) is caught. Returns a reader of the record.
 */
export async function watchMostBubbles(
  page: Page,
  texts: string[],
): Promise<() => Promise<Record<string, number>>> {
  await page.evaluate((watched) => {
    const most: Record<string, number> = Object.fromEntries(watched.map((t) => [t, 0]));
    const record = () => {
      const bubbles = Array.from(
        document.querySelectorAll('article[aria-label^="Message from"]'),
      ).map((article) => article.textContent ?? "");
      for (const text of watched) {
        const count = bubbles.filter((b) => b.includes(text)).length;
        if (count > (most[text] ?? 0)) most[text] = count;
      }
    };
    record();
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    (window as unknown as { mostBubbles: Record<string, number> }).mostBubbles = most;
  }, texts);
  return () =>
    page.evaluate(() => ({
      ...(window as unknown as { mostBubbles: Record<string, number> }).mostBubbles,
    }));
}

/** Limits off: the tests open several sessions and many calls from one address. */
export const unlimitedEnv = {
  RATE_LIMIT_SESSIONS_PER_IP: "0",
  RATE_LIMIT_API_PER_USER: "0",
} as const;

/**
 * Starts the fake OpenAI-compatible model, a built server whose agents talk to it, and Chromium,
 * for the enclosing describe block.
 */
export function useFakeModelServerAndBrowser() {
  const handles: { provider?: FakeTokenProvider; server?: E2eServer; browser?: Browser } = {};
  beforeAll(async () => {
    const provider = await startFakeTokenProvider();
    handles.provider = provider;
    await startWithBrowser(
      () =>
        startBuiltServer({
          ...unlimitedEnv,
          OPENAI_COMPATIBLE_BASE_URL: provider.baseUrl,
          OPENAI_COMPATIBLE_MODEL: "fake-e2e",
        }),
      handles,
      (server) => {
        handles.server = server;
      },
    );
  });
  afterAll(async () => {
    await handles.browser?.close();
    await handles.server?.stop();
    await handles.provider?.close();
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
    get provider(): FakeTokenProvider {
      if (!handles.provider) throw new Error("fake model not started");
      return handles.provider;
    },
  };
}

/** One message of the thread as read from the page. */
export interface ShownMessage {
  /** "Your message" or "Message from {agent}". */
  author: string;
  text: string;
}

/**
 * Every message of the conversation, in order. The list is virtualised (only rows near the
 * viewport exist), so it is scrolled from top to bottom and each row read once by its index.
 */
export async function allMessages(page: Page): Promise<ShownMessage[]> {
  const log = page.getByRole("log", { name: "Messages" });
  const byIndex = new Map<number, ShownMessage>();
  const readRows = async () => {
    const rows = await log.evaluate((element) =>
      Array.from(element.querySelectorAll<HTMLElement>("[data-index]")).map((row) => ({
        index: Number(row.dataset.index),
        author: row.querySelector("article")?.getAttribute("aria-label") ?? "",
        text: row.querySelector("article")?.innerText.trim() ?? "",
      })),
    );
    for (const { index, author, text } of rows) byIndex.set(index, { author, text });
  };
  await log.evaluate((element) => {
    element.scrollTop = 0;
  });
  for (;;) {
    // Rows render (and get measured) a frame after a scroll.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await readRows();
    const atEnd = await log.evaluate((element) => {
      if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) return true;
      element.scrollTop += element.clientHeight / 2;
      return false;
    });
    if (atEnd) break;
  }
  await readRows();
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, message]) => message);
}

/** The conversation header's message count, as a number. */
export async function headerCount(page: Page): Promise<number> {
  const text = await page
    .getByRole("main")
    .locator("header")
    .getByText(/^\d+ messages?$/)
    .innerText();
  return Number.parseInt(text, 10);
}

/**
 * Whether the page stops asking for animation frames: a whole `quietMs` without a
 * requestAnimationFrame call, starting within `withinMs` from now. A page at rest draws nothing;
 * a loop of frames (the message list re-aiming its scroll every frame, for instance) keeps it
 * from ever going quiet. Also returns how many frames were asked for meanwhile.
 */
export function goesQuiet(
  page: Page,
  { withinMs = 2000, quietMs = 1000 } = {},
): Promise<{ quiet: boolean; frames: number }> {
  return page.evaluate(
    ({ withinMs, quietMs }) =>
      new Promise<{ quiet: boolean; frames: number }>((resolve) => {
        const original = window.requestAnimationFrame;
        const started = performance.now();
        let last = started;
        let frames = 0;
        window.requestAnimationFrame = (callback) => {
          frames += 1;
          last = performance.now();
          return original.call(window, callback);
        };
        const check = setInterval(() => {
          const now = performance.now();
          const quiet = now - last >= quietMs;
          if (!quiet && now - started < withinMs + quietMs) return;
          clearInterval(check);
          window.requestAnimationFrame = original;
          resolve({ quiet, frames });
        }, 50);
      }),
    { withinMs, quietMs },
  );
}
