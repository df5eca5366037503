import type { Logger } from "../log/logger.js";

/** Where a warning about a stored item that no longer validates goes. */
export type WarnLog = Pick<Logger, "warn">;

/**
 * Builds an API item from stored rows and validates it. A row that fails (bad JSON, a shape the
 * contracts refuse) is logged and gives undefined, so lists skip it rather than fail (core §5).
 */
export function readStored<T>(
  kind: "task" | "message" | "artifact",
  id: string,
  build: () => unknown,
  validate: (value: unknown) => T,
  log: WarnLog,
): T | undefined {
  try {
    return validate(build());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ kind, id, reason }, `skipping invalid stored ${kind}`);
    return undefined;
  }
}
