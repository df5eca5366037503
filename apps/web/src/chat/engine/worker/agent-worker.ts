import { listServerTools } from "../../../api/list-server-tools.js";
import { createAgentClient } from "../agent-client.js";
import { serveAgentCalls } from "./serve-agent-calls.js";
import type { FromWorker, MessagePortLike, ToWorker } from "./worker-protocol.js";

/**
 * The agent worker's entry: the A2A SDK client, its server-sent-event parsing and the conversion
 * to chat events run here, off the page's main thread (see worker-agent-client.ts for the page's
 * end); so does the MCP client that lists the Tools column's tools.
 */
serveAgentCalls(
  self as unknown as MessagePortLike<ToWorker, FromWorker>,
  createAgentClient,
  listServerTools,
);
