import type { HealthResponse } from "@a2a-chat/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import type { FetchLike } from "../lib/api.js";
import { fetchHealth } from "../lib/health.js";
import { useServerReachability } from "../stores/server-reachability-store.js";
import { useStreamStore } from "../stores/stream-store.js";

export type HealthState =
  | { kind: "loading" }
  | { kind: "ok"; health: HealthResponse }
  | { kind: "error"; message: string };

/** While the server is unreachable its health is asked again this often. */
export const healthRecheckMs = 30_000;

/**
 * The server's health, kept current: loaded on mount, asked again whenever the live stream
 * connects or loses its connection (the first sign of an outage, and of its end), every
 * healthRecheckMs while the server is unreachable, and when the browser comes back online or to
 * the tab. Only the newest answer counts.
 */
export function useServerHealth(
  options: { fetchImpl?: FetchLike; recheckMs?: number } = {},
): HealthState {
  const { fetchImpl, recheckMs = healthRecheckMs } = options;
  const [state, setState] = useState<HealthState>({ kind: "loading" });
  const latest = useRef(0);
  const live = useRef(true);
  const streamStatus = useStreamStore((store) => store.status);

  const check = useCallback(() => {
    latest.current += 1;
    const asked = latest.current;
    const current = () => live.current && asked === latest.current;
    fetchHealth(fetchImpl).then(
      (health) => current() && setState({ kind: "ok", health }),
      (error: unknown) =>
        current() &&
        setState({
          kind: "error",
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  }, [fetchImpl]);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // Mount, and every settled change of the stream (not its attempts in between).
  useEffect(() => {
    if (streamStatus !== "connecting") check();
  }, [streamStatus, check]);

  const down = state.kind === "error";
  // The agents' and tool servers' dots follow (see useServerReachability).
  useEffect(() => {
    useServerReachability.setState({ unreachable: down });
  }, [down]);
  useEffect(() => {
    if (!down) return;
    const timer = setInterval(check, recheckMs);
    const onReturn = () => {
      if (document.visibilityState === "visible") check();
    };
    window.addEventListener("online", onReturn);
    document.addEventListener("visibilitychange", onReturn);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", onReturn);
      document.removeEventListener("visibilitychange", onReturn);
    };
  }, [down, check, recheckMs]);

  return state;
}
