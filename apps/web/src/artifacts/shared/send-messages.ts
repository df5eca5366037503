/** Core spec §2.4: a viewer wants to send a message but has no chat client to send it with. */
export const notInitializedMessage = "Unable to send message: Chat client not initialized";

/** Core spec §2.4: the text alerted when sending failed. */
export function sendErrorMessage(error: unknown): string {
  return `Error: ${error instanceof Error ? error.message : String(error)}`;
}
