import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installTracker, trackPage } from "./page-tracker.js";
import { sessionIdKey } from "./visitor-ids.js";

interface Sent {
  via: "beacon" | "fetch";
  path: string;
  body: Record<string, unknown>;
}

let sent: Sent[];
let beaconAvailable: boolean;
let fetchStatus: number;
let visibility: DocumentVisibilityState;
let stop: (() => void) | undefined;

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event("visibilitychange"));
}

function setPage(pageHeight: number, viewportHeight: number, scrollY = 0) {
  Object.defineProperty(document.documentElement, "scrollHeight", {
    configurable: true,
    value: pageHeight,
  });
  Object.defineProperty(window, "innerHeight", { configurable: true, value: viewportHeight });
  Object.defineProperty(window, "scrollY", { configurable: true, value: scrollY });
}

function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { configurable: true, value: y });
  window.dispatchEvent(new Event("scroll"));
}

const engagements = () => sent.filter((s) => s.path.endsWith("/engagement"));

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  beaconAvailable = true;
  fetchStatus = 204;
  visibility = "visible";
  sessionStorage.clear();
  localStorage.clear();
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => visibility,
  });
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (path: string, body: string) => {
      if (!beaconAvailable) return false;
      sent.push({ via: "beacon", path, body: JSON.parse(body) });
      return true;
    },
  });
  vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
    sent.push({ via: "fetch", path, body: JSON.parse(String(init.body)) });
    expect(init.keepalive).toBe(true);
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
    return new Response(null, { status: fetchStatus });
  });
  setPage(3000, 1000);
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("trackPage", () => {
  it("sends one view at once with the session, user, referrer and agent", () => {
    localStorage.setItem("auth-storage", JSON.stringify({ state: { userId: "u-1" }, version: 0 }));
    stop = trackPage("docs-agents");
    expect(sent).toHaveLength(1);
    const [view] = sent;
    expect(view?.via).toBe("fetch");
    expect(view?.path).toBe("/api/v1/blog/events/view");
    expect(view?.body).toEqual({
      content_id: "docs-agents",
      session_id: sessionStorage.getItem(sessionIdKey),
      user_id: "u-1",
      referrer_url: null,
      referrer_source: "direct",
      user_agent: navigator.userAgent,
    });
    expect(view?.body.session_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("keeps one session id across the tab's pages, and no user id without one stored", () => {
    stop = trackPage("home");
    stop();
    stop = trackPage("features");
    const [first, second] = sent;
    expect(second?.body.session_id).toBe(first?.body.session_id);
    expect(first?.body.user_id).toBeNull();
  });

  it("sends no engagement when the reader leaves before 5 seconds", () => {
    stop = trackPage("home");
    vi.advanceTimersByTime(4999);
    setVisibility("hidden");
    window.dispatchEvent(new Event("pagehide"));
    expect(engagements()).toHaveLength(0);
  });

  it("sends the engagement by beacon when the page is hidden after 5 seconds", () => {
    stop = trackPage("home");
    vi.advanceTimersByTime(6500);
    setVisibility("hidden");
    expect(engagements()).toEqual([
      {
        via: "beacon",
        path: "/api/v1/blog/events/engagement",
        body: {
          content_id: "home",
          session_id: sent[0]?.body.session_id,
          time_on_page_seconds: 6,
          scroll_depth_percent: 33,
        },
      },
    ]);
    // The page hide that follows reports nothing new.
    window.dispatchEvent(new Event("pagehide"));
    expect(engagements()).toHaveLength(1);
  });

  it("counts only visible time", () => {
    stop = trackPage("home");
    vi.advanceTimersByTime(3000);
    setVisibility("hidden");
    vi.advanceTimersByTime(60_000);
    setVisibility("visible");
    vi.advanceTimersByTime(1000);
    window.dispatchEvent(new Event("pagehide"));
    expect(engagements()).toHaveLength(0);
    setVisibility("visible");
    vi.advanceTimersByTime(1500);
    window.dispatchEvent(new Event("pagehide"));
    expect(engagements().map((e) => e.body.time_on_page_seconds)).toEqual([5]);
  });

  it("reports later visible time as a second engagement once it reaches 5 seconds too", () => {
    stop = trackPage("home");
    vi.advanceTimersByTime(7000);
    setVisibility("hidden");
    vi.advanceTimersByTime(30_000);
    setVisibility("visible");
    vi.advanceTimersByTime(2000);
    setVisibility("hidden");
    // 2 s is below the minimum: kept for the next leave, not sent on its own.
    expect(engagements().map((e) => e.body.time_on_page_seconds)).toEqual([7]);
    setVisibility("visible");
    vi.advanceTimersByTime(3500);
    setVisibility("hidden");
    expect(engagements().map((e) => e.body.time_on_page_seconds)).toEqual([7, 5]);
  });

  it("reports the deepest scroll, not the last one", () => {
    stop = trackPage("home");
    scrollTo(1400);
    scrollTo(200);
    vi.advanceTimersByTime(5000);
    window.dispatchEvent(new Event("pagehide"));
    expect(engagements()[0]?.body.scroll_depth_percent).toBe(80);
  });

  it("counts a page shorter than the window as fully read", () => {
    setPage(600, 1000);
    stop = trackPage("home");
    vi.advanceTimersByTime(5000);
    window.dispatchEvent(new Event("pagehide"));
    expect(engagements()[0]?.body.scroll_depth_percent).toBe(100);
  });

  it("sends the engagement when a link leads to another page of the site", () => {
    document.body.innerHTML = `
      <a id="next" href="/docs/mcp">Next</a>
      <a id="anchor" href="#top">Top</a>
      <a id="away" href="https://example.com/">Away</a>
      <a id="tab" href="/features" target="_blank">Features</a>`;
    stop = trackPage("home");
    vi.advanceTimersByTime(6000);
    const click = (id: string) => {
      const link = document.getElementById(id) as HTMLAnchorElement;
      link.addEventListener("click", (event) => event.preventDefault(), { once: true });
      link.dispatchEvent(new MouseEvent("click", { bubbles: true, button: 0 }));
    };
    for (const id of ["anchor", "away", "tab"]) click(id);
    expect(engagements()).toHaveLength(0);
    click("next");
    expect(engagements().map((e) => e.body.time_on_page_seconds)).toEqual([6]);
    window.dispatchEvent(new Event("pagehide"));
    expect(engagements()).toHaveLength(1);
  });

  it("stores one engagement for a link's leave when the next page takes a while to come", () => {
    document.body.innerHTML = `<a id="next" href="/docs/mcp">Next</a>`;
    stop = trackPage("home");
    vi.advanceTimersByTime(7900);
    const link = document.getElementById("next") as HTMLAnchorElement;
    link.addEventListener("click", (event) => event.preventDefault(), { once: true });
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, button: 0 }));
    // The page stays visible while the next one loads, then hides and goes.
    vi.advanceTimersByTime(1200);
    setVisibility("hidden");
    window.dispatchEvent(new Event("pagehide"));
    expect(engagements().map((e) => e.body.time_on_page_seconds)).toEqual([7]);
  });

  it("posts with keep-alive when there is no beacon", () => {
    beaconAvailable = false;
    stop = trackPage("home");
    vi.advanceTimersByTime(5000);
    setVisibility("hidden");
    expect(engagements().map((e) => e.via)).toEqual(["fetch"]);
  });

  it("only logs 'Analytics API error: {status}' when a call fails", async () => {
    fetchStatus = 500;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    stop = trackPage("home");
    await vi.runAllTimersAsync();
    expect(logged).toHaveBeenCalledWith("Analytics API error: 500");
  });

  it("uses a temporary session id with a warning when session storage fails", () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("SecurityError");
    });
    stop = trackPage("home");
    expect(sent[0]?.body.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(warned).toHaveBeenCalledTimes(1);
    expect(sent[0]?.body.user_id).toBeNull();
  });

  it("sends a share event from a page's share buttons", () => {
    document.body.innerHTML = `<a data-share="linkedin" href="https://www.linkedin.com/">LinkedIn</a>`;
    stop = trackPage("docs-agents");
    const button = document.querySelector("a") as HTMLAnchorElement;
    button.addEventListener("click", (event) => event.preventDefault());
    button.click();
    expect(sent.at(-1)).toMatchObject({
      via: "fetch",
      path: "/api/v1/blog/events/share",
      body: { content_id: "docs-agents", platform: "linkedin", user_id: null },
    });
  });
});

describe("installTracker", () => {
  it("tracks a page that names its content key", () => {
    document.head.innerHTML = `<meta name="content-key" content="pricing">`;
    installTracker();
    expect(sent.map((s) => s.body.content_id)).toEqual(["pricing"]);
  });

  it("sends nothing from a page without one", () => {
    installTracker();
    expect(sent).toHaveLength(0);
  });
});
