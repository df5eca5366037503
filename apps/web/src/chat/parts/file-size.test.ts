import { describe, expect, it } from "vitest";
import { base64Size, formatFileSize } from "./file-size.js";

describe("formatFileSize", () => {
  it("uses B, KB, MB and GB with 2 decimals", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(500)).toBe("500 B");
    expect(formatFileSize(1023)).toBe("1023 B");
    expect(formatFileSize(1024)).toBe("1.00 KB");
    expect(formatFileSize(1536)).toBe("1.50 KB");
    expect(formatFileSize(5 * 1024 * 1024 + 1024 * 512)).toBe("5.50 MB");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3.00 GB");
  });

  it("stays in GB past 1024 GB", () => {
    expect(formatFileSize(2048 * 1024 ** 3)).toBe("2048.00 GB");
  });

  it("shows nonsense sizes as 0 B", () => {
    expect(formatFileSize(-5)).toBe("0 B");
    expect(formatFileSize(Number.NaN)).toBe("0 B");
  });
});

describe("base64Size", () => {
  it("estimates 75% of the string length", () => {
    expect(base64Size("aGVsbG8h")).toBe(6);
    expect(base64Size("")).toBe(0);
    expect(base64Size("a".repeat(10))).toBe(7);
  });
});
