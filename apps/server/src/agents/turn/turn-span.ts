import type { SpanStart } from "../../observe/tracing.js";
import type { TurnDeps } from "./turn.js";

/**
 * The agent's name as a span may carry it: a configured agent's name (the operator's), or
 * "external" for an agent a user added (its name holds the row's id).
 */
export function tracedAgentName(deps: TurnDeps): string {
  const { agent, services } = deps;
  return services.config.agents.some((configured) => configured.name === agent.name)
    ? agent.name
    : "external";
}

/** The span name of an agent's turn (OpenTelemetry's GenAI convention: `invoke_agent {name}`). */
export function turnSpanName(deps: TurnDeps): string {
  return `invoke_agent ${tracedAgentName(deps)}`;
}

/** How a turn's span starts: the operation and agent, nothing from the message or the caller. */
export function turnSpanStart(deps: TurnDeps): SpanStart {
  return {
    kind: "internal",
    attributes: {
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": tracedAgentName(deps),
    },
  };
}
