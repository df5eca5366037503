import type { ReactNode } from "react";
import { AuthFailedScreen } from "./AuthFailedScreen.js";
import { InitializingScreen } from "./InitializingScreen.js";
import { useAuthBootstrap } from "./useAuthBootstrap.js";
import { useTokenMonitor } from "./useTokenMonitor.js";

/**
 * Renders its children only once a valid session token exists (anonymous at first), showing the
 * initialising or failure screen until then, and keeps the token fresh while mounted.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const state = useAuthBootstrap();
  useTokenMonitor();
  if (state.phase === "failed") return <AuthFailedScreen />;
  if (state.phase === "initializing") return <InitializingScreen retry={state.retry} />;
  return children;
}
