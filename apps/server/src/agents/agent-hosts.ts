import type { AgentCard } from "@a2a-js/sdk";
import type { ServerCallContext } from "@a2a-js/sdk/server";
import type { AgentConfig } from "../config/schema.js";
import type { Services } from "../http/services.js";
import { buildAgentCard, type CardAudience, type CardHost } from "./agent-cards.js";
import { ChatAgentExecutor } from "./agent-executor.js";
import { AgentRequestHandler } from "./agent-request-handler.js";
import { callerOf } from "./caller-user.js";
import { DeltaBusManager } from "./direct-deltas.js";
import { GuardedPushNotificationSender } from "./guarded-push-sender.js";
import { GuardedPushNotificationStore } from "./guarded-push-store.js";
import { RunningTaskViews } from "./running-task-views.js";
import { SafeTaskStore } from "./safe-task-store.js";
import { selectRunner } from "./select-runner.js";
import { StoredTaskStore } from "./stored-task-store.js";

/** One configured agent served over A2A: its config and its SDK request handler. */
export interface AgentHost {
  agent: AgentConfig;
  handler: AgentRequestHandler;
}

/** A signed card of an agent for an audience (see agents-routes.ts). */
export type CardSource = (agent: AgentConfig, audience: CardAudience) => Promise<AgentCard>;

/**
 * One DefaultRequestHandler per agent, built once. Its card (used by the SDK for version checks
 * and capabilities) carries the configured origin; the card route renders a fresh one per request.
 * The authenticated extended card (GetExtendedAgentCard) comes from `extendedCard`: passkey
 * accounts get the signed-in card, anonymous visitors the public one.
 */
export function createAgentHosts(
  services: Services,
  host: CardHost,
  extendedCard?: CardSource,
): Map<string, AgentHost> {
  const hosts = new Map<string, AgentHost>();
  for (const agent of services.config.agents) {
    const card = buildAgentCard(agent, services.config, host);
    const views = new RunningTaskViews();
    const runner = selectRunner(agent, services.config);
    const executor = new ChatAgentExecutor(services, agent, runner, views);
    const pushStore = new GuardedPushNotificationStore(services);
    const handler = new AgentRequestHandler(
      card,
      new SafeTaskStore(new StoredTaskStore(services, agent.name, views), services.logger),
      executor,
      new DeltaBusManager(),
      pushStore,
      new GuardedPushNotificationSender(services, pushStore),
      extendedCard
        ? (context: ServerCallContext) =>
            extendedCard(
              agent,
              callerOf(context).userType === "authenticated" ? "signed-in" : "public",
            )
        : undefined,
    ).withServices(services, executor.replies, pushStore, (taskId) => executor.isRunning(taskId));
    hosts.set(agent.name, { agent, handler });
  }
  return hosts;
}
