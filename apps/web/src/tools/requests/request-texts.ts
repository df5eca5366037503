import type { ElicitationAnswer } from "@a2a-chat/contracts";

/** Texts of the dialogs for what MCP servers ask the user during tool calls. */
export const requestTexts = {
  elicitationTitle: (server: string) => `${server} asks for input`,
  urlTitle: (server: string) => `${server} asks you to open a link`,
  samplingTitle: (server: string) => `${server} asks to use the model`,
  accept: "Accept",
  decline: "Decline",
  cancel: "Cancel",
  open: (domain: string) => `Open ${domain}`,
  opensDomain: "The link opens",
  badUrl: "This link cannot be opened: only http and https links are allowed.",
  approve: "Approve",
  deny: "Deny",
  systemPrompt: "System prompt",
  maxTokens: "Token limit",
  modelPreferences: "Model preferences",
  noPreferences: "None",
  message: (index: number, role: string) => `Message ${index + 1} (${role})`,
  samplingNote:
    "Approving runs these messages on this site's model and sends the reply to the server.",
  fixErrors: "Fix the fields marked above, then accept again.",
  done: "Done",
  finishThere: (domain: string) =>
    `Finish what ${domain} asks in the tab that opened, then choose Done: the call is tried again.`,
} as const;

/**
 * `_meta` key the proxy sets on a link asked because a call answered -32042 (see the server's
 * url-elicitation-retry.ts): the dialog waits for Done after opening it.
 */
export const thenRetryMetaKey = "a2a-chat/then-retry";

/** The domain a URL elicitation would open, or null for anything but an http(s) URL. */
export function linkDomain(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.hostname : null;
  } catch {
    return null;
  }
}

/** The text a form's answer shows in the conversation (the message also carries the answer). */
export function answerSummary(answer: ElicitationAnswer): string {
  if (answer.action === "decline") return "Declined";
  if (answer.action === "cancel") return "Cancelled";
  const values = Object.entries(answer.content ?? {}).map(
    ([name, value]) => `${name}: ${Array.isArray(value) ? value.join(", ") : String(value)}`,
  );
  return values.length > 0 ? `Accepted (${values.join("; ")})` : "Accepted";
}
