import { describe, expect, it } from "vitest";
import { isSpaPath, isSpaRoute } from "./web-routes.js";

describe("the app's routes", () => {
  it("claims its routes and the paths below them for the shell", () => {
    for (const path of ["/chat", "/chat/", "/chat/does-not-exist", "/auth/callback"]) {
      expect(isSpaPath(path), path).toBe(true);
    }
    for (const path of ["/", "/chatroom", "/docs", "/auth"])
      expect(isSpaPath(path), path).toBe(false);
  });

  it("knows exactly its routes, a trailing slash allowed", () => {
    for (const path of ["/chat", "/chat/", "/auth/callback", "/auth/callback/"]) {
      expect(isSpaRoute(path), path).toBe(true);
    }
    for (const path of ["/chat/does-not-exist", "/chat//", "/auth/callback/x", "/", "/chatroom"]) {
      expect(isSpaRoute(path), path).toBe(false);
    }
  });
});
