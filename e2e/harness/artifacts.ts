import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { collectErrors, screenshot } from "./browser.js";

/** The desktop viewport of the artifact, task and refresh tests. */
export const desktopViewport = { width: 1280, height: 900 };

/** Server env for tests that send many messages: no rate limits. */
export const unlimitedEnv = { RATE_LIMIT_SESSIONS_PER_IP: "0", RATE_LIMIT_API_PER_USER: "0" };

/** A chat tab and the console errors it collected. */
export interface ChatTab {
  page: Page;
  errors: string[];
}

/** How the planner's greeting reply ends (markdown: the backticks around help are not text). */
const greetingEnd = "to see what I can do.";

/** The message list of the conversation view. */
export function messageLog(page: Page): Locator {
  return page.getByRole("log", { name: "Messages" });
}

/** The composer's text box (forms in artifacts may have a 'Message' field too). */
export function composerBox(page: Page): Locator {
  return page
    .getByRole("form", { name: "Message input" })
    .getByRole("textbox", { name: "Message", exact: true });
}

/** The newest reply of the agent that is rendered. */
export function lastReply(page: Page): Locator {
  return page.getByRole("article", { name: /^Message from / }).last();
}

/** Waits until no reply streams and the composer offers 'Send message' again. */
export async function waitIdle(page: Page, timeout = 20_000): Promise<void> {
  await page.locator('[role="log"][aria-label="Messages"][aria-busy="false"]').waitFor({ timeout });
  await page.getByRole("button", { name: "Send message" }).waitFor({ timeout });
}

/**
 * Opens /chat in a new page of the context and waits for the app's first-visit welcome message
 * and the planner's answer to it, so the conversation is quiet before the test talks.
 */
export async function openChat(context: BrowserContext, url: string): Promise<ChatTab> {
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${url}/chat`);
  await page.getByRole("button", { name: /^Conversation: / }).waitFor();
  await page.getByText("Live connected").waitFor();
  return { page, errors };
}

/** Opens a fresh browser profile at the desktop size and waits out the welcome exchange. */
export async function openFirstVisit(browser: Browser, url: string): Promise<ChatTab> {
  const context = await browser.newContext({ viewport: desktopViewport });
  const tab = await openChat(context, url);
  await waitForWelcome(tab.page);
  return tab;
}

/** Waits for the welcome message the app sends on a first visit and the agent's greeting. */
export async function waitForWelcome(page: Page): Promise<void> {
  await page
    .getByRole("article", { name: "Your message" })
    .filter({ hasText: "Hello A2A Chat!" })
    .waitFor({ timeout: 15_000 });
  await lastReply(page).filter({ hasText: greetingEnd }).waitFor({ timeout: 20_000 });
  await waitIdle(page);
}

/**
 * Sends a prompt from the composer and waits until the agent's reply contains `done` and the
 * reply finished streaming; resolves with that reply.
 */
export async function sendPrompt(page: Page, text: string, done: string): Promise<Locator> {
  await composerBox(page).fill(text);
  await page.getByRole("button", { name: "Send message" }).click();
  await page
    .getByRole("article", { name: "Your message" })
    .filter({ hasText: text })
    .last()
    .waitFor();
  return waitForNewReply(page, done);
}

/**
 * Waits until the newest message is a reply of the agent not seen before (not pinned) whose
 * text contains `done`, and the reply finished streaming; resolves with that reply, pinned.
 */
export async function waitForNewReply(page: Page, done: string): Promise<Locator> {
  await page.waitForFunction(
    (text) => {
      // Message rows only: artifacts (a presentation card) hold articles of their own.
      const articles = document.querySelectorAll(
        '[role="log"][aria-label="Messages"] [data-index] > article',
      );
      const last = articles[articles.length - 1];
      return (
        last !== undefined &&
        (last.getAttribute("aria-label") ?? "").startsWith("Message from ") &&
        !last.hasAttribute("data-e2e-pin") &&
        (last.textContent ?? "").includes(text)
      );
    },
    done,
    // Every 100 ms rather than every animation frame: polling by frames kept the page drawing
    // frames for as long as a reply took.
    { timeout: 20_000, polling: 100 },
  );
  await waitIdle(page);
  return pin(lastReply(page).filter({ hasText: done }));
}

let pinned = 0;

/**
 * Marks the element a locator finds now and returns a locator of just that element: "the last
 * reply" would move on to the next reply, and a message row re-created by the app (losing its
 * state) would no longer match, which a test should notice.
 */
export async function pin(target: Locator): Promise<Locator> {
  pinned += 1;
  const mark = String(pinned);
  await target.evaluate((element, value) => element.setAttribute("data-e2e-pin", value), mark);
  return target.page().locator(`[data-e2e-pin="${mark}"]`);
}

/** An artifact's viewer (its frame is a region named after the artifact). */
export function artifactFrame(scope: Page | Locator, name: string): Locator {
  return scope.getByRole("region", { name, exact: true });
}

/**
 * Scrolls an element into view (its top, or its bottom with `align: "end"`: tall artifacts do
 * not fit the viewport), then saves a screenshot of the page under e2e/screenshots/.
 */
export async function screenshotOf(
  page: Page,
  target: Locator,
  name: string,
  align: "start" | "end" = "start",
): Promise<string> {
  await target.evaluate((element, block) => element.scrollIntoView({ block }), align);
  // Let lazy viewers (charts, highlighted code) and the scroll settle before the picture.
  await page.waitForTimeout(150);
  return screenshot(page, name);
}

/** The session stored by the app (localStorage 'auth-storage'). */
export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem("auth-storage"));
  const token = raw
    ? (JSON.parse(raw) as { state?: { accessToken?: string | null } }).state?.accessToken
    : undefined;
  if (!token) throw new Error("auth-storage holds no access token");
  return token;
}

/** Calls the server's REST API with the page's stored bearer token. */
export async function apiGet<T>(page: Page, baseUrl: string, path: string): Promise<T> {
  const token = await storedToken(page);
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Polls `read` until `accept` holds (live updates take a moment); returns the last value. */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeout = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
