import { type Message, mcpAppContextKey, mcpAppContextMaxChars } from "@a2a-chat/contracts";

/**
 * A user message's text with what MCP Apps asked the model to know (ui/update-model-context,
 * sent in its text part's metadata), so a model-backed agent's turn sees it. Bounded: a page
 * could send anything there.
 */
export function withAppContext(text: string, message: Message): string {
  if (message.role !== "user") return text;
  const context = message.parts.flatMap((part) => {
    const value = part.kind === "text" ? part.metadata?.[mcpAppContextKey] : undefined;
    return typeof value === "string" && value.trim() !== "" ? [value] : [];
  });
  if (context.length === 0) return text;
  const shown = context.join("\n").slice(0, mcpAppContextMaxChars);
  return `${text}\n\n[Context from the apps in this conversation]\n${shown}`;
}
