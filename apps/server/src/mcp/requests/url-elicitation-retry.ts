import { elicitationAnswerSchema } from "@a2a-chat/contracts";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { ask, type RelayPlace } from "./relay-requests.js";

/**
 * `_meta` key on a URL elicitation the proxy asks because a call failed with
 * URLElicitationRequiredError (-32042): the dialog opens the link, then waits for the user to
 * say they are done, and the call is tried again.
 */
export const thenRetryMetaKey = "a2a-chat/then-retry";

/** How many times one call is tried again after the user completed the server's links. */
const maxRetries = 3;

interface UrlElicitation {
  mode: "url";
  url: string;
  message: string;
  elicitationId?: string;
  _meta?: Record<string, unknown>;
}

function urlElicitationsOf(error: unknown): UrlElicitation[] | undefined {
  if (!(error instanceof McpError) || error.code !== ErrorCode.UrlElicitationRequired)
    return undefined;
  const listed = (error.data as { elicitations?: unknown } | undefined)?.elicitations;
  if (!Array.isArray(listed)) return undefined;
  const elicitations = listed.filter(
    (item): item is UrlElicitation =>
      typeof item === "object" &&
      item !== null &&
      (item as { mode?: unknown }).mode === "url" &&
      typeof (item as { url?: unknown }).url === "string" &&
      typeof (item as { message?: unknown }).message === "string",
  );
  return elicitations.length > 0 ? elicitations : undefined;
}

/**
 * Runs a call; when the server answers URLElicitationRequiredError (MCP 2025-11-25, -32042),
 * the user is shown each link it names (the URL dialog: domain first, opened only when they
 * confirm), and once they say they are done with all of them the call is tried again, in the
 * same upstream session (a server may tie the retry to it). A declined or unanswered link, or
 * a server that keeps asking past `maxRetries`, ends the call with the server's error.
 */
export async function withUrlElicitations<T>(place: RelayPlace, run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const elicitations = urlElicitationsOf(error);
      if (!elicitations || attempt >= maxRetries) throw error;
      for (const elicitation of elicitations) {
        const params = {
          ...elicitation,
          _meta: { ...elicitation._meta, [thenRetryMetaKey]: true },
        };
        const outcome = await ask(place, "elicitation", params, elicitation.message, place.signal);
        if (outcome.status !== "answered") throw error;
        const answer = elicitationAnswerSchema.safeParse(outcome.answer);
        if (!answer.success || answer.data.action !== "accept") throw error;
      }
    }
  }
}
