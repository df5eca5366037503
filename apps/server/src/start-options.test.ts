import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startNodeOptions } from "./test/server-process.js";

describe("npm start's node options", () => {
  it("are the ones the built server is tested and benchmarked with", () => {
    const pkg = JSON.parse(
      readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
    ) as { scripts: { start: string } };
    expect(pkg.scripts.start).toBe(`node ${startNodeOptions.join(" ")} scripts/start.mjs`);
  });
});
