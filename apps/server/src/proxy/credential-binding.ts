/**
 * What the AES-GCM associated data binds stored credentials to (see secret-box.ts): the owner and
 * the row's natural key, so a ciphertext copied to another user's row, or to another agent or
 * server of the same user, does not decrypt. A row that changes owner is sealed again.
 */

/** A user-added agent's credentials: its owner and URL. */
export function agentCredentialsBinding(row: { user_id: string; url: string }): string {
  return `${row.user_id}\n${row.url}`;
}

/** A user-added MCP server's credentials (OAuth tokens included): its owner and name. */
export function mcpCredentialsBinding(row: { user_id: string; name: string }): string {
  return `mcp\n${row.user_id}\n${row.name}`;
}
