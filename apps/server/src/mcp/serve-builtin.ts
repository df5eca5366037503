import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { BuiltinServer } from "./builtin-server.js";
import { cancelledIds, type InFlightCalls, toolCallIds } from "./in-flight-calls.js";
import type { ToolContext } from "./tool-context.js";

/**
 * Answers one MCP POST statelessly: a fresh server and transport for this request only, so any
 * replica can serve any call and nothing is kept between requests. Cancellations in the body
 * abort the named calls; the calls of this body stop when its response is closed early.
 */
export function serveBuiltin(
  definition: BuiltinServer,
  request: Request,
  body: unknown,
  context: Omit<ToolContext, "signal">,
  inFlight: InFlightCalls,
): Promise<Response> {
  return serveStateless(
    (signal) => definition.create({ ...context, signal }),
    request,
    body,
    context.userId,
    inFlight,
  );
}

/** An MCP server (high or low level) as serveStateless uses it. */
export interface StatelessServer {
  connect(transport: WebStandardStreamableHTTPServerTransport): Promise<void>;
  close(): Promise<void>;
}

/** Answers one MCP POST with a server made for this request only (see serveBuiltin). */
export async function serveStateless(
  create: (signal: AbortSignal) => StatelessServer,
  request: Request,
  body: unknown,
  userId: string,
  inFlight: InFlightCalls,
): Promise<Response> {
  for (const { id, reason } of cancelledIds(body)) inFlight.cancel(userId, id, reason);

  const controller = new AbortController();
  const removals = toolCallIds(body).map((id) => inFlight.add(userId, id, controller));
  const server = create(controller.signal);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  let finished = false;
  const finish = (aborted: boolean) => {
    if (finished) return;
    finished = true;
    if (aborted) controller.abort(new Error("The caller closed the request"));
    for (const remove of removals) remove();
    server.close().catch(() => undefined);
  };
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    if (!response.body) {
      finish(false);
      return response;
    }
    const reader = response.body.getReader();
    const stream = new ReadableStream<Uint8Array>({
      async pull(out) {
        const { done, value } = await reader.read();
        if (done) {
          out.close();
          finish(false);
        } else out.enqueue(value);
      },
      async cancel(reason) {
        finish(true);
        await reader.cancel(reason);
      },
    });
    return new Response(stream, response);
  } catch (error) {
    finish(true);
    throw error;
  }
}
