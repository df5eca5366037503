import { describe, expect, it } from "vitest";
import { resetAllStores } from "./reset.js";
import { useStreamStore } from "./stream-store.js";

describe("useStreamStore", () => {
  it("starts disconnected, follows the stream and resets to disconnected", () => {
    expect(useStreamStore.getState().status).toBe("disconnected");
    useStreamStore.getState().setStatus("connecting");
    expect(useStreamStore.getState().status).toBe("connecting");
    useStreamStore.getState().setStatus("connected");
    expect(useStreamStore.getState().status).toBe("connected");
    resetAllStores();
    expect(useStreamStore.getState().status).toBe("disconnected");
  });
});
