import { describe, expect, it } from "vitest";
import { create } from "zustand";
import { useServerReachability } from "../stores/server-reachability-store.js";
import { resetCreatedStores } from "./store-registry.js";

describe("the tests' store registry", () => {
  it("lists the app's stores and a test's own, in both forms of create, and sets them back", () => {
    const plain = create<{ n: number }>(() => ({ n: 1 }));
    const curried = create<{ n: number; extra?: string }>()(() => ({ n: 1 }));
    plain.setState({ n: 5 });
    curried.setState({ n: 7, extra: "left over" });
    useServerReachability.setState({ unreachable: true });

    expect(resetCreatedStores()).toBeGreaterThanOrEqual(3);
    expect(plain.getState()).toEqual({ n: 1 });
    expect(curried.getState()).toEqual({ n: 1 });
    expect(useServerReachability.getState().unreachable).toBe(false);
  });
});
