import { describe, expect, it } from "vitest";
import { requestJson } from "./api.js";
import { ApiError } from "./api-error.js";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function failure(response: Response | Error | string): Promise<ApiError> {
  const fetchImpl = async () => {
    if (!(response instanceof Response)) throw response;
    return response;
  };
  try {
    await requestJson("/api/x", {}, fetchImpl);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the request to fail");
}

describe("requestJson", () => {
  it("returns the parsed body of a JSON reply", async () => {
    const body = await requestJson("/api/x", {}, async () => json(200, { a: 1 }));
    expect(body).toEqual({ a: 1 });
  });

  it("returns undefined for 204", async () => {
    const body = await requestJson("/api/x", {}, async () => new Response(null, { status: 204 }));
    expect(body).toBeUndefined();
  });

  it("sends JSON headers and credentials", async () => {
    let seen: RequestInit | undefined;
    await requestJson("/api/x", { method: "POST", body: "{}" }, async (_url, init) => {
      seen = init;
      return json(200, {});
    });
    const headers = new Headers(seen?.headers);
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("accept")).toBe("application/json");
    expect(seen?.credentials).toBe("include");
  });

  it("maps statuses to the catalogue messages", async () => {
    expect((await failure(json(429, { message: "slow down" }))).message).toBe(
      "Rate limit exceeded. Please wait a moment and try again.",
    );
    expect((await failure(json(403, {}))).message).toBe(
      "Forbidden. You do not have permission to access this resource.",
    );
    expect((await failure(json(401, {}))).message).toBe("Unauthorized. Please log in again.");
    expect(
      (await failure(json(401, { error: "unauthorized", message: "Invalid or expired JWT token" })))
        .message,
    ).toBe("Invalid or expired JWT token");
    const notFound = await failure(json(404, { error: "not_found", message: "No such context" }));
    expect(notFound.message).toBe("No such context");
    expect(notFound.code).toBe("not_found");
    expect(notFound.status).toBe(404);
    expect((await failure(new Response("oops", { status: 502 }))).message).toBe(
      "Request failed with status 502",
    );
  });

  it("reports a network failure", async () => {
    const error = await failure(new TypeError("fetch failed"));
    expect(error.message).toBe("Network error. Please check your connection and try again.");
    expect(error.status).toBe(0);
  });

  it("keeps the text of any other thrown error, else says 'Unknown error occurred'", async () => {
    const aborted = await failure(new DOMException("The operation was aborted.", "AbortError"));
    expect(aborted.message).toBe("The operation was aborted.");
    expect((await failure(new Error(""))).message).toBe("Unknown error occurred");
    expect((await failure("a thrown string")).message).toBe("Unknown error occurred");
  });

  it("keeps the server's message of a 403 beside the user-facing one", async () => {
    const error = await failure(json(403, { error: "forbidden", message: "Not your context" }));
    expect(error.message).toBe("Forbidden. You do not have permission to access this resource.");
    expect(error.serverMessage).toBe("Not your context");
  });

  it("reports a JSON reply whose body does not parse", async () => {
    const broken = new Response("{", {
      status: 200,
      headers: { "content-type": "application/json" },
    });
    const error = await failure(broken);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).not.toBe("");
    expect(error.status).toBe(200);
  });

  it("rejects a successful reply that is not JSON", async () => {
    const html = new Response("<html>", { status: 200, headers: { "content-type": "text/html" } });
    expect((await failure(html)).message).toBe("Expected JSON response but received: text/html");
  });
});
