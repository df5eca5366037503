import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { ToolListCache } from "./tool-list-cache.js";

const tool = (name: string): Tool => ({ name, inputSchema: { type: "object" } });

describe("ToolListCache", () => {
  it("keys a list by server and the set of scopes, whatever their order", () => {
    expect(ToolListCache.key("product", ["chat", "admin"])).toBe(
      ToolListCache.key("product", ["admin", "chat", "chat"]),
    );
    expect(ToolListCache.key("product", ["chat"])).not.toBe(
      ToolListCache.key("product", ["chat", "admin"]),
    );
    expect(ToolListCache.key("product", ["chat"])).not.toBe(
      ToolListCache.key("analytics", ["chat"]),
    );
  });

  it("returns a stored list until it expires", () => {
    let now = 1000;
    const cache = new ToolListCache(8, 500, () => now);
    const key = ToolListCache.key("analytics", ["chat"]);
    expect(cache.get(key)).toBeUndefined();
    cache.set(key, [tool("query_orders")]);
    now += 499;
    expect(cache.get(key)?.map((t) => t.name)).toEqual(["query_orders"]);
    now += 1;
    expect(cache.get(key)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps at most maxEntries lists, the least recently used going first", () => {
    const cache = new ToolListCache(2);
    cache.set("a", [tool("a")]);
    cache.set("b", [tool("b")]);
    expect(cache.get("a")).toBeDefined(); // a is now the most recently used
    cache.set("c", [tool("c")]);
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.[0]?.name).toBe("a");
    expect(cache.get("c")?.[0]?.name).toBe("c");
    cache.set("c", [tool("c2")]); // replacing does not grow it
    expect(cache.size).toBe(2);
    expect(cache.get("c")?.[0]?.name).toBe("c2");
  });
});
