import { describe, expect, it } from "vitest";
import { describeFile, formatBytes, imageSize, textFacts } from "./file-summary.js";

describe("textFacts", () => {
  it("counts lines and words and finds the first and last non-blank lines", () => {
    expect(textFacts("\n  first line here\nsecond\n\nlast one\n")).toEqual({
      lines: 5,
      words: 6,
      first: "first line here",
      last: "last one",
    });
    expect(textFacts("")).toEqual({ lines: 0, words: 0, first: "", last: "" });
    expect(textFacts("one")).toEqual({ lines: 1, words: 1, first: "one", last: "one" });
  });
});

describe("imageSize", () => {
  it("reads PNG, GIF and JPEG headers", () => {
    const png = Buffer.alloc(24);
    Buffer.from("89504e470d0a1a0a0000000d49484452", "hex").copy(png);
    png.writeUInt32BE(800, 16);
    png.writeUInt32BE(600, 20);
    expect(imageSize(png)).toEqual({ width: 800, height: 600 });
    const gif = Buffer.from("474946383961", "hex");
    const gifHeader = Buffer.concat([gif, Buffer.from([0x40, 0x01, 0xf0, 0x00])]);
    expect(imageSize(gifHeader)).toEqual({ width: 320, height: 240 });
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 100 and width 200.
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.alloc(14),
      Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x64, 0x00, 0xc8, 0x03]),
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 200, height: 100 });
    expect(imageSize(Buffer.from("not an image"))).toBeUndefined();
  });
});

describe("describeFile", () => {
  const file = (name: string, mimeType: string, content: string | Error) => ({
    name,
    mimeType,
    size: typeof content === "string" ? content.length : 10,
    read: async (max: number) => {
      if (content instanceof Error) throw content;
      return { bytes: Buffer.from(content).subarray(0, max), truncated: content.length > max };
    },
  });

  it("summarises text, names other files and says why one could not be read", async () => {
    expect(await describeFile(file("a.md", "text/markdown", "# Title\nbody text\n"))).toBe(
      "I read **a.md** (text/markdown, 18 B): 2 lines and 4 words. It begins “# Title” and ends “body text”.",
    );
    expect(await describeFile(file("b.bin", "application/octet-stream", "xyz"))).toBe(
      "I received **b.bin** (application/octet-stream, 3 B). Without a language model I can describe text files and images only.",
    );
    expect(await describeFile(file("c.txt", "text/plain", new Error("Gone.")))).toBe(
      "I could not read **c.txt**: Gone.",
    );
    expect(formatBytes(3 * 1024 * 1024)).toBe("3.00 MB");
  });
});
