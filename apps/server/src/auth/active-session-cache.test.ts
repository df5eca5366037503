import { describe, expect, it } from "vitest";
import { SessionsRepository } from "../db/repositories/sessions.js";
import { UsersRepository } from "../db/repositories/users.js";
import { describeEachDialect } from "../test/databases.js";
import { ActiveSessionCache, activeSessions, cachedSessionCheck } from "./active-session-cache.js";

describe("ActiveSessionCache", () => {
  it("knows a remembered session for its own user only", () => {
    const cache = new ActiveSessionCache();
    cache.remember("s", "u", cache.stamp());
    expect(cache.has("s", "u")).toBe(true);
    expect(cache.has("s", "someone else")).toBe(false);
    expect(cache.has("other", "u")).toBe(false);
  });

  it("forgets a revoked session, and does not keep a read that was under way then", () => {
    const cache = new ActiveSessionCache();
    cache.remember("s", "u", cache.stamp());
    const stamp = cache.stamp(); // a read of t starts
    cache.forget("s");
    expect(cache.has("s", "u")).toBe(false);
    cache.remember("t", "u", stamp); // it ends after the revocation: not kept
    expect(cache.has("t", "u")).toBe(false);
    cache.remember("t", "u", cache.stamp());
    expect(cache.has("t", "u")).toBe(true);
  });

  it("trusts nothing cached once the database's change count moved (another process wrote)", async () => {
    const cache = new ActiveSessionCache();
    let changes = 1;
    let reads = 0;
    const check = cachedSessionCheck(
      {
        isActive: async () => {
          reads += 1;
          return reads === 1;
        },
      },
      cache,
      () => changes,
    );
    expect(await check.isActive("s", "u")).toBe(true);
    expect(check.knownActive?.("s", "u")).toBe(true);
    changes = 2; // say, the admin command revoked the session
    expect(check.knownActive?.("s", "u")).toBe(false);
    expect(await check.isActive("s", "u")).toBe(false);
    expect(reads).toBe(2);
  });

  it("takes a change count that cannot be read (a closed database) as unchanged, without throwing", async () => {
    const cache = new ActiveSessionCache();
    let closed = false;
    const check = cachedSessionCheck({ isActive: async () => true }, cache, () => {
      if (closed) throw new TypeError("The database connection is not open");
      return 1;
    });
    expect(await check.isActive("s", "u")).toBe(true);
    closed = true;
    // The caller's read of the data meets the closed database and fails as a read does.
    expect(check.knownActive?.("s", "u")).toBe(true);
  });

  it("holds at most maxEntries, dropping the least recently used", () => {
    const cache = new ActiveSessionCache(2);
    cache.remember("a", "u", cache.stamp());
    cache.remember("b", "u", cache.stamp());
    expect(cache.has("a", "u")).toBe(true); // b is now the least recently used
    cache.remember("c", "u", cache.stamp());
    expect(cache.size).toBe(2);
    expect(cache.has("b", "u")).toBe(false);
    expect(cache.has("a", "u")).toBe(true);
    expect(cache.has("c", "u")).toBe(true);
  });
});

describeEachDialect("cachedSessionCheck over the sessions table", (get) => {
  async function activeSession() {
    const user = await new UsersRepository(get().db.kysely).create({
      userType: "anon",
      username: "Anonymous",
    });
    const sessions = new SessionsRepository(get().db.kysely);
    return { sessions, session: await sessions.create(user.id), userId: user.id };
  }

  it("answers a known session without reading its row, and refuses it once revoked", async () => {
    const { sessions, session, userId } = await activeSession();
    let reads = 0;
    const check = cachedSessionCheck({
      isActive: (id, user) => {
        reads++;
        return sessions.isActive(id, user);
      },
    });
    expect(check.knownActive?.(session.id, userId)).toBe(false);
    expect(await check.isActive(session.id, userId)).toBe(true);
    expect(await check.isActive(session.id, userId)).toBe(true);
    expect(reads).toBe(1);
    expect(check.knownActive?.(session.id, userId)).toBe(true);
    expect(check.knownActive?.(session.id, "another user")).toBe(false);
    expect(await check.isActive(session.id, "another user")).toBe(false);
    expect(await sessions.revoke(session.id)).toBe(true);
    expect(activeSessions.has(session.id, userId)).toBe(false);
    expect(check.knownActive?.(session.id, userId)).toBe(false);
    expect(await check.isActive(session.id, userId)).toBe(false);
    expect(await check.isActive(session.id, userId)).toBe(false);
  });

  it("does not cache a read that was under way while the session was revoked", async () => {
    const { sessions, session, userId } = await activeSession();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const check = cachedSessionCheck({
      isActive: async (id, user) => {
        const active = await sessions.isActive(id, user); // reads "active"
        await gate; // ...and the answer is late
        return active;
      },
    });
    const late = check.isActive(session.id, userId);
    await sessions.revoke(session.id);
    release();
    expect(await late).toBe(true); // that request started before the revocation
    expect(activeSessions.has(session.id, userId)).toBe(false);
    expect(await cachedSessionCheck(sessions).isActive(session.id, userId)).toBe(false);
  });
});
