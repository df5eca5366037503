import type { HealthResponse } from "@a2a-chat/contracts";
import { useEffect, useState } from "react";
import { fetchHealth } from "../lib/health.js";

export type HealthState =
  | { kind: "loading" }
  | { kind: "ok"; health: HealthResponse }
  | { kind: "error"; message: string };

/** Loads the server's health once on mount. */
export function useServerHealth(): HealthState {
  const [state, setState] = useState<HealthState>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    fetchHealth().then(
      (health) => live && setState({ kind: "ok", health }),
      (error: unknown) =>
        live &&
        setState({
          kind: "error",
          message: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
