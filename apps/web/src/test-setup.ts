import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import type { StateCreator } from "zustand";
// Registers the session token provider lib/ and api/ call the server with, as the app's auth gate does.
import "./auth/refresh.js";
import { resetCreatedStores } from "./test/store-registry.js";

// findBy*/waitFor wait for a condition; lazily loaded viewers can take longer than the default
// second when the machine is busy (a wait that succeeds returns as soon as it can; on a slow
// machine's full run the web tests ran up to 15 times slower than idle).
configure({ asyncUtilTimeout: 20_000 });

// The web project's files run in one VM context (vitest 4 forces `isolate` off for VM pools):
// they share the document, localStorage and every module, stores included. A file that left a
// store changed (the server marked unreachable, a dialog open) failed tests of a later file, in
// an order that changed from run to run. Every store is listed as it is created...
vi.mock("zustand", async (importOriginal) => {
  const zustand = await importOriginal<typeof import("zustand")>();
  // Imported here: vi.mock runs before this file's imports.
  const { trackStore } = await import("./test/store-registry.js");
  type Initializer = StateCreator<unknown>;
  const made = (initializer: Initializer) => trackStore(zustand.create(initializer));
  // create(initializer) and the curried create<T>()(initializer) both make a store.
  const create = (initializer?: Initializer) => (initializer ? made(initializer) : made);
  return { ...zustand, create: create as unknown as typeof zustand.create };
});

// ...and each file starts as it would in a context of its own: stores as created, nothing
// stored in the browser, an empty page, the real globals and timers.
beforeAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetCreatedStores();
  // Files of the node environment (the site's build and renders) have no document.
  if (typeof document === "undefined") return;
  localStorage.clear();
  sessionStorage.clear();
  document.body.replaceChildren();
});

afterEach(() => cleanup());
