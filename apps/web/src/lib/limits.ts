import { type LimitsResponse, limitsPath, limitsResponseSchema } from "@a2a-chat/contracts";
import { type FetchLike, requestJson } from "./api.js";

let cached: Promise<LimitsResponse> | undefined;

/** The server's size limits, asked once per page (a failure is asked again next time). */
export function fetchLimits(fetchImpl?: FetchLike): Promise<LimitsResponse> {
  if (!cached) {
    const asked = requestJson<unknown>(limitsPath, {}, fetchImpl).then((body) =>
      limitsResponseSchema.parse(body),
    );
    asked.catch(() => {
      if (cached === asked) cached = undefined;
    });
    cached = asked;
  }
  return cached;
}

/** Forgets the remembered limits (tests). */
export function forgetLimits(): void {
  cached = undefined;
}
