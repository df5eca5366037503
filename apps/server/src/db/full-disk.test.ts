import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { healthResponseSchema, storageFullMessage, tokenReplySchema } from "@a2a-chat/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../test/server-process.js";

/** Mounts a tmpfs of `megabytes` on a new folder; undefined where this process may not mount. */
function mountTmpfs(megabytes: number): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), "a2a-chat-full-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", dir], {
      stdio: "ignore",
    });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

/** Writes a file of zeros into `dir` until its disk has no room left. */
function fillDisk(dir: string): void {
  const fd = openSync(join(dir, "filler"), "w");
  try {
    for (;;) writeSync(fd, Buffer.alloc(65_536));
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

const dataDir = mountTmpfs(12);
const run = dataDir ? describe : describe.skip;

run("a full disk under the SQLite data folder (a 12 MB tmpfs)", () => {
  const keyDir = mkdtempSync(join(tmpdir(), "a2a-chat-full-key-"));
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess({
      DATA_DIR: dataDir as string,
      JWT_SIGNING_KEY_PATH: join(keyDir, "key.json"),
      RATE_LIMIT_SESSIONS_PER_IP: "0",
      RATE_LIMIT_API_PER_USER: "0",
      RATE_LIMIT_PUBLIC_PER_IP: "0",
      LOG_LEVEL: "warn",
    });
  }, 60_000);

  afterAll(async () => {
    await server?.kill("SIGKILL");
    execFileSync("umount", [dataDir as string]);
    rmSync(dataDir as string, { recursive: true, force: true });
    rmSync(keyDir, { recursive: true, force: true });
  });

  /**
   * A refused upload is answered before its body is read whole; the server then closes that
   * connection, and a request the client sent on it meanwhile is sent again on a new one.
   */
  const api = async (path: string, init: RequestInit = {}): Promise<Response> => {
    try {
      return await fetch(`${server.url}${path}`, init);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      if (cause?.code !== "UND_ERR_SOCKET") throw error;
      return fetch(`${server.url}${path}`, init);
    }
  };
  const expectStorageFull = async (res: Response) => {
    expect(res.status).toBe(507);
    expect(await res.json()).toEqual({ error: "storage_full", message: storageFullMessage });
  };

  it("answers 507 storage_full for new data, reports it in /health, keeps deletes working and recovers", async () => {
    const session = tokenReplySchema.parse(
      await (await api("/api/v1/core/oauth/session", { method: "POST" })).json(),
    );
    const auth = { authorization: `Bearer ${session.access_token}` };
    const json = { ...auth, "content-type": "application/json" };
    const created = await api("/api/v1/core/contexts", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: "Files" }),
    });
    const { context_id: contextId } = (await created.json()) as { context_id: string };
    // Files of 256 KB until the disk is full (the tmpfs holds 12 MB).
    const stored: string[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 80 && !refused; i += 1) {
      const res = await api(`/api/v1/core/contexts/${contextId}/files`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/octet-stream", "x-file-name": `f${i}` },
        body: new Uint8Array(256_000).fill(i),
      });
      if (res.status === 201) stored.push(((await res.json()) as { id: string }).id);
      else refused = res;
    }
    expect(stored.length).toBeGreaterThan(3);
    await expectStorageFull(refused as Response);

    // Something else fills the rest of the disk (a log, a backup); small writes may still fit in
    // the log SQLite already holds, until it is full too.
    fillDisk(dataDir as string);
    let sessionRefused: Response | undefined;
    for (let i = 0; i < 500 && !sessionRefused; i += 1) {
      const res = await api("/api/v1/core/oauth/session", { method: "POST" });
      if (res.status !== 200) sessionRefused = res;
    }
    // Everything that saves something new says so, not 500 or 'database unavailable'.
    await expectStorageFull(sessionRefused as Response);
    await expectStorageFull(
      await api("/api/v1/core/contexts", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ name: "Another" }),
      }),
    );
    await new Promise((r) => setTimeout(r, 1100)); // /health reads free space once a second
    const health = await api("/api/v1/health");
    expect(health.status).toBe(503);
    expect(healthResponseSchema.parse(await health.json())).toMatchObject({
      status: "degraded",
      database: { status: "ok", storage: "full" },
      message: storageFullMessage,
    });
    // Reads still work.
    expect((await api(`/api/v1/core/files/${stored[0]}`, { headers: auth })).status).toBe(200);

    // A user can delete their own files (the reserve kept for this makes room for the log), one
    // at a time as a person does: the pause after the first lets the WAL checkpointer (every
    // second) run, which used to copy the log into the database file and take the room the
    // reserve had freed, so the second delete was refused.
    for (const [index, id] of stored.slice(0, 4).entries()) {
      const res = await api(`/api/v1/core/files/${id}`, { method: "DELETE", headers: auth });
      expect(res.status, `delete ${index + 1}`).toBe(204);
      if (index === 0) await new Promise((r) => setTimeout(r, 1500));
    }
    expect((await api(`/api/v1/core/files/${stored[0]}`, { headers: auth })).status).toBe(404);

    // The operator makes room: new data is saved again at once and /health says ok.
    execFileSync("mount", ["-o", "remount,size=40m", dataDir as string]);
    rmSync(join(dataDir as string, "filler"));
    const again = await api("/api/v1/core/contexts", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: "After" }),
    });
    expect(again.status).toBe(201);
    await new Promise((r) => setTimeout(r, 1100));
    const healthy = await api("/api/v1/health");
    expect(healthy.status).toBe(200);
    expect(healthResponseSchema.parse(await healthy.json()).database.storage).toBe("ok");
  }, 120_000);
});
