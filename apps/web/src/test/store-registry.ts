import type { StoreApi } from "zustand";

/**
 * Every zustand store the web tests' modules created. The web project's files share one module
 * graph and one document (vitest 4 runs a VM pool's files in one context: `isolate` is forced
 * off), so a store is created once for the whole run; test-setup.ts wraps zustand's `create` to
 * list each one here, and sets them all back before every file.
 */
const createdStores = new Set<StoreApi<unknown>>();

/** Lists a store just created; returns it unchanged. */
export function trackStore<T extends StoreApi<unknown>>(store: T): T {
  createdStores.add(store);
  return store;
}

/** Sets every listed store back to the state it was created with, dropping all other keys. */
export function resetCreatedStores(): number {
  for (const store of createdStores) store.setState(store.getInitialState(), true);
  return createdStores.size;
}
