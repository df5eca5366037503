/**
 * An error the upstream server receives with this code and exactly this message (McpError
 * would prefix "MCP error <code>:").
 */
export class RelayError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
