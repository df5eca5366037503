import { Component, type ReactNode } from "react";
import { logger } from "../../lib/logger.js";

/**
 * Catches a viewer that throws on odd agent data, so one artifact cannot break the chat; the
 * fallback (the generic view) still shows what the artifact holds.
 */
export class ViewerErrorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    logger.warn("Artifact viewer failed; showing the raw artifact", error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
