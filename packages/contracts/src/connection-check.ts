import { z } from "zod";

/** The steps of a connection check, in the order they run. */
export const connectionSteps = ["dns", "tcp", "tls", "http", "protocol"] as const;

/** Names of the steps as the UI shows them. */
export const connectionStepLabels: Record<(typeof connectionSteps)[number], string> = {
  dns: "DNS",
  tcp: "TCP",
  tls: "TLS",
  http: "HTTP status",
  protocol: "Protocol",
};

/** One step of a connection check: whether it passed and what it found. */
export const connectionStepSchema = z.object({
  step: z.enum(connectionSteps),
  ok: z.boolean(),
  detail: z.string(),
});
/** One step of a connection check. */
export type ConnectionStep = z.infer<typeof connectionStepSchema>;

/** Answer of POST …/{id}/check: every step, those after a failure marked not tried. */
export const connectionCheckSchema = z.object({
  ok: z.boolean(),
  steps: z.array(connectionStepSchema),
});
/** Answer of a connection check. */
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;
