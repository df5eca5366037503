/**
 * What MCP Apps asked the model to know (ui/update-model-context), per conversation: each app
 * replaces its own entry; the next message the user sends carries them all (then they are gone).
 */
const byContext = new Map<string, Map<string, string>>();

/** Keeps an app's context for its conversation's next turn (empty text removes it). */
export function setAppModelContext(contextId: string, appKey: string, text: string): void {
  const entries = byContext.get(contextId) ?? new Map<string, string>();
  if (text.trim() === "") entries.delete(appKey);
  else entries.set(appKey, text);
  if (entries.size === 0) byContext.delete(contextId);
  else byContext.set(contextId, entries);
}

/** Takes the apps' context of a conversation for the turn being sent, if any. */
export function takeAppModelContext(contextId: string): string | undefined {
  const entries = byContext.get(contextId);
  if (!entries) return undefined;
  byContext.delete(contextId);
  return [...entries.values()].join("\n\n");
}
