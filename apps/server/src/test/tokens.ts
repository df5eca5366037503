import { type TokenReply, tokenReplySchema } from "@a2a-chat/contracts";
import type { Hono } from "hono";
import type { AppEnv } from "../http/env.js";

/** Creates an anonymous session through the real endpoint and returns its reply. */
export async function anonymousSession(
  app: Hono<AppEnv>,
  headers: Record<string, string> = {},
): Promise<TokenReply> {
  const res = await app.request("/api/v1/core/oauth/session", { method: "POST", headers });
  if (res.status !== 200) throw new Error(`session call failed: ${res.status} ${await res.text()}`);
  return tokenReplySchema.parse(await res.json());
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
