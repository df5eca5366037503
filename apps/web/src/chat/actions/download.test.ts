import { describe, expect, it } from "vitest";
import { fileNameOf } from "./download.js";

describe("fileNameOf", () => {
  it("keeps letters, digits, spaces, dots and dashes of a conversation's name", () => {
    expect(fileNameOf("Trip: plans/2026?", "md")).toBe("Trip_ plans_2026_.md");
    expect(fileNameOf("Café été", "json")).toBe("Café été.json");
  });

  it("names a file whose name has nothing left 'conversation'", () => {
    expect(fileNameOf("???", "json")).toBe("_.json");
    expect(fileNameOf("   ", "md")).toBe("conversation.md");
  });
});
