import { describe, expect, it } from "vitest";
import { removeArtifact, upsertArtifact } from "./artifact-list.js";
import { testArtifact } from "./engine-fixtures.js";

describe("upsertArtifact", () => {
  it("adds a new artifact at the end", () => {
    const list = [testArtifact("a")];
    expect(upsertArtifact(list, testArtifact("b")).map((a) => a.artifactId)).toEqual(["a", "b"]);
  });

  it("replaces an artifact with the same fingerprint in place", () => {
    const first = testArtifact("a", { fingerprint: "f" });
    const second = testArtifact("b", { fingerprint: "f", created_at: "2025-01-01T00:00:02.000Z" });
    const next = upsertArtifact([first, testArtifact("c")], second);
    expect(next.map((a) => a.artifactId)).toEqual(["b", "c"]);
  });

  it("never lets an older artifact replace a newer one (same id or fingerprint)", () => {
    const newer = testArtifact("a", { fingerprint: "f", created_at: "2025-01-01T00:00:05.000Z" });
    const list = [newer];
    expect(
      upsertArtifact(list, testArtifact("a", { created_at: "2025-01-01T00:00:01.000Z" })),
    ).toBe(list);
    expect(
      upsertArtifact(
        list,
        testArtifact("z", { fingerprint: "f", created_at: "2025-01-01T00:00:01.000Z" }),
      ),
    ).toBe(list);
    const newest = testArtifact("a", { created_at: "2025-01-01T00:00:06.000Z" });
    expect(upsertArtifact(list, newest)).toEqual([newest]);
  });

  it("appends the parts of a chunk to the artifact with its id", () => {
    const first = testArtifact("a", {}, [{ kind: "text", text: "Hel" }]);
    const chunk = testArtifact("a", {}, [{ kind: "text", text: "lo" }]);
    const [merged] = upsertArtifact([first], chunk, true);
    expect(merged?.parts).toEqual([
      { kind: "text", text: "Hel" },
      { kind: "text", text: "lo" },
    ]);
  });

  it("removes by id", () => {
    expect(
      removeArtifact([testArtifact("a"), testArtifact("b")], "a").map((a) => a.artifactId),
    ).toEqual(["b"]);
  });
});
