import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { writeCompressedCopies } from "./compress.js";

describe("writeCompressedCopies", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes .gz and .br copies that decompress to each file, and skips small and binary files", async () => {
    dir = mkdtempSync(join(tmpdir(), "compress-"));
    const script = join(dir, "app.js");
    const style = join(dir, "app.css");
    const small = join(dir, "tiny.js");
    const image = join(dir, "logo.png");
    const scriptText = "export const answer = 42;\n".repeat(200);
    const styleText = ".a { color: red; }\n".repeat(300);
    writeFileSync(script, scriptText);
    writeFileSync(style, styleText);
    writeFileSync(small, "export {};\n");
    writeFileSync(image, Buffer.alloc(4096, 7));

    await writeCompressedCopies([script, style, small, image]);

    for (const [file, text] of [
      [script, scriptText],
      [style, styleText],
    ] as const) {
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(text);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(text);
      expect(readFileSync(`${file}.br`).length).toBeLessThan(text.length / 10);
    }
    for (const skipped of [small, image]) {
      expect(existsSync(`${skipped}.gz`)).toBe(false);
      expect(existsSync(`${skipped}.br`)).toBe(false);
    }
  });
});
