import { useEffect, useRef, useState } from "react";
import { type LogLevel, type ServerNotification, watchServer } from "../../api/mcp-watch-api.js";

/** How long to wait before listening again after the watch broke. */
export const watchRetryMs = 5000;

/**
 * Listens to a proxied server's notifications while mounted (url set), again whenever the level
 * or the subscribed resources change, and again a little after it broke. Returns the last error.
 */
export function useServerWatch(options: {
  url: string | null;
  token: string | null;
  level: LogLevel;
  subscribe: readonly string[];
  onNotification: (notification: ServerNotification) => void;
}): string | null {
  const { url, token, level } = options;
  const subscribeKey = options.subscribe.join("\n");
  const handler = useRef(options.onNotification);
  handler.current = options.onNotification;
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the watch after a failure.
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    watchServer({
      url,
      token,
      level,
      subscribe: subscribeKey ? subscribeKey.split("\n") : [],
      signal: controller.signal,
      onReady: () => setError(null),
      onNotification: (notification) => handler.current(notification),
    }).then(
      () => undefined,
      (failed: unknown) => {
        if (controller.signal.aborted) return;
        setError(failed instanceof Error ? failed.message : String(failed));
        retry = setTimeout(() => setAttempt((n) => n + 1), watchRetryMs);
      },
    );
    return () => {
      controller.abort();
      if (retry) clearTimeout(retry);
    };
  }, [url, token, level, subscribeKey, attempt]);
  return error;
}
