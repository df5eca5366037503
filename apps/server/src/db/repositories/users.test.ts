import { expect, it } from "vitest";
import { describeEachDialect } from "../../test/databases.js";
import { UsersRepository } from "./users.js";

describeEachDialect("UsersRepository", (get) => {
  const repo = () =>
    new UsersRepository(get().db.kysely, () => new Date("2026-01-02T03:04:05.678Z"));

  it("creates an anonymous user and finds it by id", async () => {
    const created = await repo().create({ userType: "anon", username: "Anonymous" });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.created_at).toBe("2026-01-02T03:04:05.678Z");
    expect(await repo().findById(created.id)).toEqual(created);
  });

  it("returns undefined for an unknown id", async () => {
    expect(await repo().findById("00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });

  it("stores e-mail lower-cased and finds it case-insensitively", async () => {
    const user = await repo().create({
      userType: "authenticated",
      username: "ada",
      email: "Ada@Example.COM",
    });
    expect(user.email).toBe("ada@example.com");
    expect((await repo().findByEmail("ADA@example.com"))?.id).toBe(user.id);
  });

  it("refuses a second user with the same e-mail", async () => {
    await repo().create({ userType: "authenticated", username: "bob", email: "bob@example.com" });
    await expect(
      repo().create({ userType: "authenticated", username: "bob2", email: "BOB@example.com" }),
    ).rejects.toThrow(/unique/i);
  });

  it("promotes an anonymous user to an account", async () => {
    const anon = await repo().create({ userType: "anon", username: "Anonymous" });
    const promoted = await repo().promote(anon.id, "carol", "Carol@example.com");
    expect(promoted).toMatchObject({
      id: anon.id,
      user_type: "authenticated",
      username: "carol",
      email: "carol@example.com",
    });
    expect(
      await repo().promote("00000000-0000-4000-8000-000000000000", "x", "x@y.z"),
    ).toBeUndefined();
  });

  it("counts users", async () => {
    const before = await repo().count();
    await repo().create({ userType: "anon", username: "Anonymous" });
    expect(await repo().count()).toBe(before + 1);
  });
});
