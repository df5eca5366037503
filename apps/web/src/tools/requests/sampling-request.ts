import type { SamplingAnswer } from "@a2a-chat/contracts";

/** A sampling request's text message, as the dialog edits it. */
export interface EditableMessage {
  /** Stable within the dialog (the list is never reordered). */
  key: string;
  role: "user" | "assistant";
  text: string;
}

/** What the dialog shows and edits of `sampling/createMessage` params. */
export interface SamplingView {
  messages: EditableMessage[];
  systemPrompt: string;
  maxTokens: number;
  /** Model preferences and other settings, as lines of text ("hints: claude-3"). */
  preferences: string[];
}

function textOf(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((block) =>
      typeof block === "object" &&
      block !== null &&
      "text" in block &&
      typeof block.text === "string"
        ? block.text
        : `[${typeof block === "object" && block !== null && "type" in block ? String(block.type) : "content"}]`,
    )
    .join("\n");
}

/** Reads the params the server sent into what the dialog shows. */
export function samplingView(params: Record<string, unknown>): SamplingView {
  const raw = Array.isArray(params.messages) ? params.messages : [];
  const messages = raw.map((m: unknown, index): EditableMessage => {
    const record = (typeof m === "object" && m !== null ? m : {}) as Record<string, unknown>;
    return {
      key: `message-${index}`,
      role: record.role === "assistant" ? "assistant" : "user",
      text: textOf(record.content),
    };
  });
  const preferences: string[] = [];
  const prefs = params.modelPreferences as Record<string, unknown> | undefined;
  if (prefs && typeof prefs === "object") {
    const hints = Array.isArray(prefs.hints)
      ? prefs.hints
          .map((h: unknown) =>
            typeof h === "object" && h !== null && "name" in h ? String(h.name) : "",
          )
          .filter(Boolean)
      : [];
    if (hints.length > 0) preferences.push(`hints: ${hints.join(", ")}`);
    for (const key of ["costPriority", "speedPriority", "intelligencePriority"]) {
      if (typeof prefs[key] === "number") preferences.push(`${key}: ${prefs[key]}`);
    }
  }
  if (typeof params.temperature === "number")
    preferences.push(`temperature: ${params.temperature}`);
  return {
    messages,
    systemPrompt: typeof params.systemPrompt === "string" ? params.systemPrompt : "",
    maxTokens: typeof params.maxTokens === "number" ? params.maxTokens : 1000,
    preferences,
  };
}

/** The approval with the user's edits (the whole request as it stands in the dialog). */
export function approval(view: SamplingView): SamplingAnswer {
  return {
    action: "approve",
    messages: view.messages.map((m) => ({ role: m.role, content: { type: "text", text: m.text } })),
    ...(view.systemPrompt ? { system_prompt: view.systemPrompt } : {}),
    max_tokens: Math.max(1, Math.round(view.maxTokens)),
  };
}
