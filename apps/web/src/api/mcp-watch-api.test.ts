import { describe, expect, it, vi } from "vitest";
import { type ServerNotification, watchServer, watchUrlOf } from "./mcp-watch-api.js";

function sse(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { status, headers: { "content-type": "text/event-stream" } },
  );
}

describe("watchServer", () => {
  it("asks for the level and resources, and passes on ready and each notification", async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      sse([
        'event: ready\ndata: {"capabilities":{},"level":"debug","subscribed":["a:1"]}\n\n',
        ': keep-alive\n\nevent: notification\ndata: {"method":"notifications/message",',
        '"params":{"level":"info","data":"hi"}}\n\n',
      ]),
    );
    const seen: ServerNotification[] = [];
    const onReady = vi.fn();
    await watchServer({
      url: watchUrlOf("/api/v1/mcp/external/s1/mcp"),
      token: "tok",
      level: "debug",
      subscribe: ["a:1", "b:2"],
      signal: new AbortController().signal,
      onReady,
      onNotification: (n) => seen.push(n),
      fetch: fetchMock as unknown as typeof fetch,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      "/api/v1/mcp/external/s1/watch?level=debug&subscribe=a%3A1&subscribe=b%3A2",
    );
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: "Bearer tok" });
    expect(onReady).toHaveBeenCalledWith({ capabilities: {}, level: "debug", subscribed: ["a:1"] });
    expect(seen).toEqual([
      { method: "notifications/message", params: { level: "info", data: "hi" } },
    ]);
  });

  it("rejects with the server's message when the watch is refused or breaks", async () => {
    const refused = async () =>
      new Response(JSON.stringify({ error: { message: "level must be one of debug" } }), {
        status: 400,
      });
    const options = {
      url: "/w",
      token: null,
      signal: new AbortController().signal,
      onNotification: () => undefined,
    };
    await expect(
      watchServer({ ...options, fetch: refused as unknown as typeof fetch }),
    ).rejects.toThrow("level must be one of debug");
    const broken = async () => sse(['event: error\ndata: {"message":"HTTP 502: Bad Gateway"}\n\n']);
    await expect(
      watchServer({ ...options, fetch: broken as unknown as typeof fetch }),
    ).rejects.toThrow("HTTP 502: Bad Gateway");
  });
});
