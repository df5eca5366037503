import { tokenReplySchema } from "@a2a-chat/contracts";

/** An anonymous session on a server process, and a call creating a conversation with its token. */
export interface ProcessSession {
  token: string;
  /** POST /api/v1/core/contexts named "Chat". */
  createContext(): Promise<Response>;
}

/** Starts an anonymous session on the server at `url` (a server process of a test). */
export async function processSession(url: string): Promise<ProcessSession> {
  const res = await fetch(`${url}/api/v1/core/oauth/session`, { method: "POST" });
  if (res.status !== 200) throw new Error(`session call failed: ${res.status} ${await res.text()}`);
  const { access_token: token } = tokenReplySchema.parse(await res.json());
  return {
    token,
    createContext: () =>
      fetch(`${url}/api/v1/core/contexts`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Chat" }),
      }),
  };
}
