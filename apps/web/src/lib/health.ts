import { type HealthResponse, healthResponseSchema } from "@a2a-chat/contracts";
import { type FetchLike, requestJson } from "./api.js";

/** Asks the server whether it is up and what it runs on. */
export async function fetchHealth(fetchImpl?: FetchLike): Promise<HealthResponse> {
  const body = await requestJson<unknown>("/api/v1/health", {}, fetchImpl);
  return healthResponseSchema.parse(body);
}
