import { storageFullMessage } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./env.js";
import { AppError, handleError } from "./errors.js";

function appThrowing(error: Error) {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("log", pino({ level: "silent" }));
    await next();
  });
  app.get("/boom", () => {
    throw error;
  });
  app.onError(handleError);
  return app;
}

describe("handleError", () => {
  it("maps a full disk (SQLite, PostgreSQL 53100, a file write's ENOSPC) to 507 storage_full", async () => {
    const errors = [
      Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }),
      Object.assign(new Error("could not extend file"), { code: "53100" }),
      new Error("wrapped", { cause: Object.assign(new Error("no space"), { code: "ENOSPC" }) }),
    ];
    for (const error of errors) {
      const res = await appThrowing(error).request("/boom");
      expect(res.status).toBe(507);
      expect(res.headers.get("retry-after")).toBeNull();
      expect(await res.json()).toEqual({ error: "storage_full", message: storageFullMessage });
    }
  });

  it("maps a refused PostgreSQL login (SQLSTATE 28000) to 503 database_unavailable", async () => {
    const refused = Object.assign(new Error('role "x" is not permitted to log in'), {
      code: "28000",
    });
    const res = await appThrowing(refused).request("/boom");
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe("database_unavailable");
  });

  it("sends an AppError as its code, status, message and headers", async () => {
    const res = await appThrowing(
      new AppError("rate_limited", "Too many requests", { "Retry-After": "7" }),
    ).request("/boom");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(await res.json()).toEqual({ error: "rate_limited", message: "Too many requests" });
  });

  it("hides the details of an unexpected error behind a 500 envelope", async () => {
    const res = await appThrowing(new Error("secret stack detail")).request("/boom");
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "internal_error", message: "Internal server error" });
  });

  it("answers a database outage with 503 database_unavailable and a retry delay", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), {
      code: "ECONNREFUSED",
    });
    const res = await appThrowing(refused).request("/boom");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(await res.json()).toEqual({
      error: "database_unavailable",
      message: "The database is unavailable right now. Please try again in a moment.",
    });
  });

  it("maps each code to the status of the contracts table", () => {
    expect(new AppError("not_found", "x").status).toBe(404);
    expect(new AppError("unsupported_media_type", "x").status).toBe(415);
    expect(new AppError("payload_too_large", "x").status).toBe(413);
  });
});
