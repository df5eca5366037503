import { type AnalyticsEvent, analyticsBasePath } from "@a2a-chat/contracts/analytics-constants";

/**
 * Sends one analytics event. A beacon (text/plain JSON) when asked for and the browser queues
 * it, so it survives the page closing; otherwise a keep-alive JSON post. A failure is only
 * logged ('Analytics API error: {status}', tools spec §8); the reader sees nothing.
 */
export function sendEvent(event: AnalyticsEvent, body: object, beacon = false): void {
  const url = `${analyticsBasePath}/${event}`;
  const json = JSON.stringify(body);
  if (beacon && navigator.sendBeacon?.(url, json)) return;
  void fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: json,
    keepalive: true,
  }).then(
    (res) => {
      if (!res.ok) console.error(`Analytics API error: ${res.status}`);
    },
    () => console.error("Analytics API error: network error"),
  );
}
