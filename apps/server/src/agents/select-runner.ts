import type { AgentConfig, Config } from "../config/schema.js";
import type { ModelRunner } from "./model-runner.js";
import { PlannerRunner } from "./planner/planner-runner.js";
import { AiSdkRunner } from "./providers/ai-sdk-runner.js";
import { resolveModel } from "./providers/resolve-model.js";

/**
 * The runner an agent's turns go through: a language model through the AI SDK when the agent's
 * model setting resolves to a configured provider, else the built-in planner ("planner", or
 * "auto" with no provider configured). A setting naming an unconfigured provider throws, so a
 * misconfigured agent stops the server at start instead of answering with the wrong model.
 */
export function selectRunner(agent: AgentConfig, config: Config): ModelRunner {
  const resolved = resolveModel(agent.model, config.providers, agent.name);
  return resolved ? new AiSdkRunner(resolved) : new PlannerRunner();
}
