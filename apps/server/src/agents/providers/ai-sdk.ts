/** The AI SDK's module (`ai`). */
export type AiSdk = typeof import("ai");

let aiSdk: Promise<AiSdk> | undefined;

/**
 * The AI SDK, imported on the first model call rather than at start: an idle server, or one
 * whose agents all run on the planner, never loads it (see docs/architecture.md, "Start-up").
 */
export function loadAiSdk(): Promise<AiSdk> {
  if (!aiSdk) {
    const loading = import("ai");
    // A failed import is tried again on the next call rather than remembered.
    loading.catch(() => {
      if (aiSdk === loading) aiSdk = undefined;
    });
    aiSdk = loading;
  }
  return aiSdk;
}
