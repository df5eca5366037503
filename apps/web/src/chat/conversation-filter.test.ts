import { expect, it } from "vitest";
import { filterConversations } from "./conversation-filter.js";

const list = [{ name: "Trip to Lisbon" }, { name: "Taxes 2026" }, { name: "lisbon hotels" }];

it("keeps the conversations whose name holds the query, whatever its case, in order", () => {
  expect(filterConversations(list, "LISBON").map((c) => c.name)).toEqual([
    "Trip to Lisbon",
    "lisbon hotels",
  ]);
  expect(filterConversations(list, "  taxes ")).toEqual([{ name: "Taxes 2026" }]);
  expect(filterConversations(list, "")).toEqual(list);
  expect(filterConversations(list, "zzz")).toEqual([]);
});
