import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Test helper: a local stand-in for an OpenAI-compatible server. It answers
 * POST /v1/chat/completions with `stream: true` in the real wire format (server-sent
 * `chat.completion.chunk` objects ending with `data: [DONE]`), so provider tests need no network.
 */

/** One message of a chat completions request, as the provider sent it. */
export interface FakeChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** A request the fake server received. */
export interface FakeChatRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    messages: FakeChatMessage[];
    tools?: {
      type: string;
      function: { name: string; description?: string; parameters?: unknown };
    }[];
    stream_options?: unknown;
  };
}

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** What the fake server streams back for one request. */
export type FakeReply =
  | {
      kind: "tool-call";
      id: string;
      name: string;
      /** The arguments JSON, streamed in these pieces. */
      argumentPieces: string[];
      usage: Usage;
    }
  | {
      kind: "text";
      chunks: string[];
      usage: Usage;
      /** Pauses after this many chunks until `until` settles (a run still going, on cue). */
      hold?: { after: number; until: Promise<void> };
      /** Waits this long between chunks (a model streaming over time), not at all by default. */
      gapMs?: number;
    }
  /** Streams "tick " every intervalMs until the client goes away. */
  | { kind: "endless-text"; intervalMs: number }
  | { kind: "http-error"; status: number; message: string };

export interface FakeOpenAiServer {
  /** Base URL including /v1, as providers expect it. */
  baseUrl: string;
  requests: FakeChatRequest[];
  /** Resolves when a client closes a response before it ended. */
  nextDisconnect(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the fake server on 127.0.0.1 at a free port; `reply` chooses each response. */
export async function startFakeOpenAiServer(
  reply: (request: FakeChatRequest) => FakeReply,
): Promise<FakeOpenAiServer> {
  const requests: FakeChatRequest[] = [];
  const disconnectWaiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: FakeChatRequest = {
      path: req.url,
      authorization: req.headers.authorization,
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as FakeChatRequest["body"],
    };
    requests.push(request);
    res.on("close", () => {
      if (!res.writableEnded) for (const wake of disconnectWaiters.splice(0)) wake();
    });
    await respond(res, request.body.model, reply(request));
  }

  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    nextDisconnect: () => new Promise<void>((resolve) => disconnectWaiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function respond(res: ServerResponse, model: string, reply: FakeReply): Promise<void> {
  if (reply.kind === "http-error") {
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: reply.message, type: "invalid_request_error" } }));
    return;
  }
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const created = Math.floor(Date.now() / 1000);
  const send = (choices: unknown[], usage?: Usage) =>
    res.write(
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created,
        model,
        choices,
        ...(usage
          ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }
          : {}),
      })}\n\n`,
    );
  const choice = (delta: unknown, finishReason: string | null = null) => ({
    index: 0,
    delta,
    finish_reason: finishReason,
  });

  switch (reply.kind) {
    case "tool-call": {
      send([
        choice({
          role: "assistant",
          content: null,
          tool_calls: [
            {
              index: 0,
              id: reply.id,
              type: "function",
              function: { name: reply.name, arguments: "" },
            },
          ],
        }),
      ]);
      for (const piece of reply.argumentPieces) {
        send([choice({ tool_calls: [{ index: 0, function: { arguments: piece } }] })]);
      }
      send([choice({}, "tool_calls")]);
      send([], reply.usage);
      break;
    }
    case "text": {
      send([choice({ role: "assistant", content: "" })]);
      for (const [index, text] of reply.chunks.entries()) {
        if (reply.hold && index === reply.hold.after) await reply.hold.until;
        if (reply.gapMs && index > 0) await new Promise((r) => setTimeout(r, reply.gapMs));
        send([choice({ content: text })]);
      }
      send([choice({}, "stop")]);
      send([], reply.usage);
      break;
    }
    case "endless-text": {
      send([choice({ role: "assistant", content: "" })]);
      while (!res.destroyed) {
        send([choice({ content: "tick " })]);
        await new Promise((resolve) => setTimeout(resolve, reply.intervalMs));
      }
      return;
    }
  }
  res.end("data: [DONE]\n\n");
}
