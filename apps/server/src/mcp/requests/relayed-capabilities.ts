import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";

/** What the proxy declares upstream: it relays both kinds of server-to-client request. */
export const relayedCapabilities: ClientCapabilities = {
  elicitation: { form: {}, url: {} },
  sampling: {},
};
