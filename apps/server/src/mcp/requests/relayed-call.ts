import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import type { ToolContext } from "../tool-context.js";
import { CallClock } from "./call-clock.js";
import { type RelayPlace, relayRequests } from "./relay-requests.js";
import { withUrlElicitations } from "./url-elicitation-retry.js";

/** What waiting for the user says to a caller that asked for progress. */
export const waitingForAnswer = "Waiting for your answer";

/**
 * The request options of one proxied tool call with the user in the loop: the server's
 * elicitation and sampling requests are relayed to the user (see relay-requests.ts), the call's
 * idle clock stands still while they wait, and the caller's progress (passed on, and kept alive
 * while the user is asked) goes to `report`. `done` stops the clocks.
 */
export function relayedCall(
  client: Client,
  context: ToolContext,
  call: {
    serverName: string;
    timeoutMs: number;
    signal: AbortSignal;
    report?: (progress: Progress) => void;
  },
): {
  options: RequestOptions;
  done: () => void;
  /** Runs the call, showing the user the links a -32042 answer names and trying it again. */
  retrying: <T>(run: () => Promise<T>) => Promise<T>;
} {
  const askMs = context.services.config.mcp.askTimeoutSeconds * 1000;
  let last: Progress = { progress: 0 };
  const clock = new CallClock(call.timeoutMs, () =>
    call.report?.({ ...last, message: waitingForAnswer }),
  );
  const place: RelayPlace = {
    services: context.services,
    userId: context.userId,
    serverName: call.serverName,
    contextId: context.contextId,
    taskId: context.taskId,
    timeoutMs: askMs,
    signal: call.signal,
    hooks: clock,
  };
  relayRequests(client, place);
  return {
    options: {
      signal: AbortSignal.any([call.signal, clock.signal]),
      // The idle clock above times the call; this only bounds it as a whole.
      timeout: call.timeoutMs * 10 + askMs,
      onprogress: (progress) => {
        last = progress;
        clock.progress();
        call.report?.(progress);
      },
    },
    done: () => clock.stop(),
    retrying: (run) => withUrlElicitations(place, run),
  };
}
