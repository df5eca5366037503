import { minEngagementSeconds } from "@a2a-chat/contracts/analytics-constants";
import { classifyReferrer } from "@a2a-chat/contracts/referrer";
import { contentKeyMeta } from "./content-key.js";
import { scrollDepth } from "./scroll-depth.js";
import { sendEvent } from "./send-event.js";
import { sessionId, storedUserId } from "./visitor-ids.js";

function depthNow(): number {
  const root = document.documentElement;
  return scrollDepth(window.scrollY, window.innerHeight, root.scrollHeight);
}

/** A click that leaves for another page of this site in this tab. */
function leavesForSitePage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self"))
    return false;
  return link.origin === location.origin && link.pathname !== location.pathname;
}

/**
 * Tracks the page: one view once its content key is known; on leaving (hidden, page hide, or a
 * link to another page of the site), an engagement with the visible time not yet reported and
 * the deepest scroll, once that time reaches 5 s (tools spec §4, §9).
 * Returns a function that stops tracking.
 */
export function trackPage(contentId: string): () => void {
  const session = sessionId();
  const userId = storedUserId();
  const visible = () => document.visibilityState === "visible";
  let visibleMs = 0;
  let reportedMs = 0;
  let since: number | null = visible() ? Date.now() : null;
  let depth = depthNow();

  const pause = () => {
    if (since !== null) visibleMs += Date.now() - since;
    since = null;
  };
  const leave = () => {
    pause();
    // Every engagement reports at least the 5 s minimum: a link's leave and the page hide that
    // follows it are one leave, and a shorter remainder waits for a later leave.
    const unreportedMs = visibleMs - reportedMs;
    if (unreportedMs < minEngagementSeconds * 1000) return;
    const seconds = Math.floor(unreportedMs / 1000);
    reportedMs += seconds * 1000;
    sendEvent(
      "engagement",
      {
        content_id: contentId,
        session_id: session,
        time_on_page_seconds: seconds,
        scroll_depth_percent: Math.max(depth, depthNow()),
      },
      true,
    );
  };
  const resume = () => {
    if (visible()) since ??= Date.now();
  };
  const onScroll = () => {
    depth = Math.max(depth, depthNow());
  };
  const onVisibility = () => (visible() ? resume() : leave());
  const onClick = (event: MouseEvent) => {
    if (!leavesForSitePage(event)) return;
    leave();
    // The navigation may still not happen (a download, a blocked page): keep counting.
    resume();
  };

  sendEvent("view", {
    content_id: contentId,
    session_id: session,
    user_id: userId,
    referrer_url: document.referrer || null,
    referrer_source: classifyReferrer(document.referrer, location.host),
    user_agent: navigator.userAgent,
  });
  const stop = new AbortController();
  const { signal } = stop;
  window.addEventListener("scroll", onScroll, { passive: true, signal });
  document.addEventListener("visibilitychange", onVisibility, { signal });
  window.addEventListener("pagehide", leave, { signal });
  window.addEventListener("pageshow", resume, { signal });
  document.addEventListener("click", onClick, { signal });
  for (const button of document.querySelectorAll<HTMLElement>("[data-share]")) {
    const share = () =>
      sendEvent("share", {
        content_id: contentId,
        session_id: session,
        platform: button.dataset.share,
        user_id: userId,
      });
    button.addEventListener("click", share, { signal });
  }
  return () => stop.abort();
}

/** Starts tracking when the page names its content key; pages without one send nothing. */
export function installTracker(): void {
  const key = document.querySelector<HTMLMetaElement>(`meta[name="${contentKeyMeta}"]`)?.content;
  if (!key) return;
  // A prerendered page the reader has not opened yet is not a view.
  const prerendering = (document as Document & { prerendering?: boolean }).prerendering;
  if (prerendering) {
    document.addEventListener("prerenderingchange", () => trackPage(key), { once: true });
  } else {
    trackPage(key);
  }
}
