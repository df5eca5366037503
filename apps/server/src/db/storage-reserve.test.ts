import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reserveBytes, reserveFileName, StorageReserve } from "./storage-reserve.js";

/** A reserve whose disk reports `free` bytes (the real disk has far more room than a full one). */
class ReserveOnDisk extends StorageReserve {
  free = 100 * reserveBytes;
  override freeBytes(): number {
    return this.free;
  }
}

describe("StorageReserve.leftForDeletes", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is true only once the reserve was given back and the disk lacks room to write it again", () => {
    dir = mkdtempSync(join(tmpdir(), "a2a-chat-reserve-"));
    const reserve = new ReserveOnDisk(dir);
    reserve.ensure();
    expect(existsSync(join(dir, reserveFileName))).toBe(true);
    // A full disk with the reserve still in place: nothing is being kept for deletes yet.
    reserve.free = 0;
    expect(reserve.leftForDeletes()).toBe(false);

    // A delete met the full disk and gave the reserve back: its room is the deletes'.
    expect(reserve.release()).toBe(true);
    reserve.free = reserveBytes;
    expect(reserve.leftForDeletes()).toBe(true);
    reserve.ensure();
    expect(existsSync(join(dir, reserveFileName))).toBe(false);
    expect(reserve.leftForDeletes()).toBe(true);

    // The operator made room: the reserve is written again, and nothing is held back.
    reserve.free = 2 * reserveBytes;
    expect(reserve.leftForDeletes()).toBe(false);
    reserve.ensure();
    expect(existsSync(join(dir, reserveFileName))).toBe(true);
    expect(reserve.leftForDeletes()).toBe(false);
  });
});
