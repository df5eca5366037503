import { logger } from "../lib/logger.js";

const resets = new Set<() => void>();

/**
 * Registers a store's reset (back to its initial, empty state). Called once per store at module
 * load; returns a function that unregisters it (for tests).
 */
export function registerStoreReset(reset: () => void): () => void {
  resets.add(reset);
  return () => {
    resets.delete(reset);
  };
}

/**
 * Resets every registered store, so nothing of the previous user stays in memory. One failing
 * reset does not stop the others.
 */
export function resetAllStores(): void {
  for (const reset of resets) {
    try {
      reset();
    } catch (error) {
      logger.error("A store failed to reset", error);
    }
  }
}
