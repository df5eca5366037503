import { existsSync, statfsSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isStorageFull } from "./storage-full.js";

/** The reserve file kept beside the SQLite file. */
export const reserveFileName = "a2a-chat.reserve";

/** Bytes set aside for deletes on a full disk; less free space than this reads as full. */
export const reserveBytes = 4 * 1024 * 1024;

/**
 * Space set aside in the SQLite data folder so deletes work on a full disk. SQLite appends every
 * change, a delete too, to its write-ahead log, which cannot grow on a full disk; the reserve (a
 * file of zeros) is given back when a delete meets a full disk, and written again once the disk
 * has room for it and as much besides.
 */
export class StorageReserve {
  readonly #path: string;
  constructor(private readonly dir: string) {
    this.#path = join(dir, reserveFileName);
  }

  /** Bytes free to this process on the data folder's file system. */
  freeBytes(): number {
    const stats = statfsSync(this.dir);
    return stats.bavail * stats.bsize;
  }

  /** Less free space than the reserve: new data may not fit, or already did not. */
  get full(): boolean {
    return this.freeBytes() < reserveBytes;
  }

  /** Writes the reserve when it is missing and the disk has room for it twice over. */
  ensure(): void {
    if (existsSync(this.#path) || this.freeBytes() < 2 * reserveBytes) return;
    try {
      writeFileSync(this.#path, Buffer.alloc(reserveBytes));
    } catch {
      // The disk filled meanwhile: a partial reserve is worse than none.
      this.release();
    }
  }

  /**
   * True while the reserve has been given back and the disk has not had room to write it again:
   * the space it freed is left for deletes. A WAL checkpoint then waits, since copying the log's
   * new pages into the database file would take that space (the second of a user's deletes on a
   * full disk was refused once a checkpoint ran between them).
   */
  leftForDeletes(): boolean {
    return !existsSync(this.#path) && this.freeBytes() < 2 * reserveBytes;
  }

  /** Gives the reserve back to the disk; whether there was one. */
  release(): boolean {
    try {
      unlinkSync(this.#path);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Runs a delete; when it meets a full disk and a reserve is kept, gives the reserve back and runs
 * it once more, so a user can always remove their own data to make room.
 */
export async function deleteEvenWhenFull<T>(
  reserve: StorageReserve | undefined,
  remove: () => Promise<T>,
): Promise<T> {
  try {
    return await remove();
  } catch (error) {
    if (!isStorageFull(error) || !reserve?.release()) throw error;
    return remove();
  }
}
