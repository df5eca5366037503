import { AgentCard } from "@a2a-js/sdk";
import type { Context } from "hono";
import { ChatAgentExecutor } from "../agents/agent-executor.js";
import { AgentRequestHandler } from "../agents/agent-request-handler.js";
import { CallerUser } from "../agents/caller-user.js";
import { DeltaBusManager } from "../agents/direct-deltas.js";
import { jsonRpcHandler } from "../agents/json-rpc-handler.js";
import { RunningTaskViews } from "../agents/running-task-views.js";
import { SafeRequestHandler } from "../agents/safe-request-handler.js";
import { SafeTaskStore } from "../agents/safe-task-store.js";
import { StoredTaskStore } from "../agents/stored-task-store.js";
import type { AgentConfig } from "../config/schema.js";
import type { ExternalAgentRow } from "../db/repositories/external-agents.js";
import type { AppEnv } from "../http/env.js";
import type { Services } from "../http/services.js";
import { type AgentAuth, agentAuthOf, openAgentCredentials } from "./agent-stored-credentials.js";
import { agentCredentialsBinding } from "./credential-binding.js";
import { externalAgentName } from "./external-agent-name.js";
import { cardStreams, proxyCardJson } from "./proxy-card.js";
import { RemoteAgentRunner } from "./remote-agent-runner.js";
import { extensionHeaders } from "./remote-extensions.js";
import { StoredRemoteTaskIds } from "./remote-task-ids.js";
import type { SecretBox } from "./secret-box.js";

/** Most bytes of files sent inline with one message when uploads have no size limit (0). */
export const unlimitedUploadsInlineBytes = 26_214_400;

/** Files of one message go to an agent inline up to one upload's limit in all. */
export function inlineFileBytes(fileBytes: number): number {
  return fileBytes > 0 ? fileBytes : unlimitedUploadsInlineBytes;
}

/**
 * How long an agent's connection may carry nothing before the proxy cuts it: a moment past the
 * idle limit on its events, so a silent agent ends with the limit's reason (see IdleWatch), and
 * one that keeps the connection busy with comments only is ended by that limit too.
 */
export const streamIdleMs = (idleSeconds: number) => idleSeconds * 1000 + 5000;

interface Host {
  updatedAt: string;
  rpc: (c: Context<AppEnv>) => Promise<Response>;
  /** The credentials the runner sends, replaced when a refresh or sign-in changed the row. */
  auth: { sealed: string | null; current: AgentAuth };
}

/** The agent a user added, as a configured agent is declared (for the executor and the store). */
function agentConfigOf(row: ExternalAgentRow, card: Record<string, unknown>): AgentConfig {
  return {
    name: externalAgentName(row.id),
    displayName: String(card.name),
    description: String(card.description ?? ""),
    version: String(card.version ?? ""),
    provider: { organization: "", url: row.url },
    model: "remote",
    systemPrompt: "",
    mcpServers: [],
    skills: [],
    requiredScopes: [],
    default: false,
  };
}

/**
 * One SDK request handler per user-added agent, built on first use and rebuilt when the row
 * changes: our executor and task store (so the conversation is stored and streamed as our own
 * agents' are) with a RemoteAgentRunner that forwards each turn to the agent.
 */
export class ExternalAgentHosts {
  private readonly hosts = new Map<string, Host>();

  constructor(
    private readonly services: Services,
    private readonly box: SecretBox | undefined,
  ) {}

  /** The JSON-RPC handler of a row (the caller already owns it). */
  rpcFor(row: ExternalAgentRow, proxyUrl: string): (c: Context<AppEnv>) => Promise<Response> {
    const kept = this.hosts.get(row.id);
    if (kept && kept.updatedAt === row.updated_at) {
      // Credentials swapped in place (an OAuth sign-in or refresh) keep the host and its runs.
      if (kept.auth.sealed !== row.credentials)
        kept.auth = { sealed: row.credentials, current: this.authOf(row) };
      return kept.rpc;
    }
    const { services } = this;
    const remote = JSON.parse(row.card) as Record<string, unknown>;
    const card = proxyCardJson(remote, proxyUrl);
    const agent = agentConfigOf(row, card);
    const auth = { sealed: row.credentials, current: this.authOf(row) };
    let host: Host | undefined;
    const protocol = row.protocol === "0.3" ? "0.3" : "1.0";
    const runner = new RemoteAgentRunner(
      {
        endpoint: row.endpoint,
        protocol,
        streaming: cardStreams(remote),
        // The extensions we support that it declares ride on every call (A2A-Extensions).
        headers: extensionHeaders(remote, protocol),
        auth: () => (host ?? { auth }).auth.current,
        inlineFileBytes: inlineFileBytes(services.config.quotas.fileBytes),
        name: agent.displayName ?? agent.name,
        idleSeconds: services.config.quotas.agentIdleSeconds,
      },
      {
        ...services.config.outbound,
        idleMs: streamIdleMs(services.config.quotas.agentIdleSeconds),
      },
      new StoredRemoteTaskIds(services.db.kysely),
    );
    const views = new RunningTaskViews();
    // The remote runner sets no deltaIntervalMs: an added agent's text is relayed as it comes.
    const executor = new ChatAgentExecutor(services, agent, runner, views);
    const handler = new AgentRequestHandler(
      // The agent's required extensions bind the proxy's calls to it (which name them), not the
      // browser's calls to the proxy: the SDK would refuse those for not naming them.
      AgentCard.fromJSON({
        ...card,
        capabilities: {
          ...(card.capabilities as object),
          extensions: [],
          extendedAgentCard: false,
        },
      }),
      new SafeTaskStore(new StoredTaskStore(services, agent.name, views), services.logger),
      executor,
      new DeltaBusManager(),
    ).withServices(services, executor.replies, undefined, (taskId) => executor.isRunning(taskId));
    const rpc = jsonRpcHandler(
      new SafeRequestHandler(handler, services.logger),
      (c) => new CallerUser(c.var.auth),
    );
    if (this.hosts.size >= 1000) {
      const oldest = this.hosts.keys().next().value;
      if (oldest !== undefined) this.hosts.delete(oldest);
    }
    host = { updatedAt: row.updated_at, rpc, auth };
    this.hosts.set(row.id, host);
    return rpc;
  }

  private authOf(row: ExternalAgentRow): AgentAuth {
    return agentAuthOf(
      openAgentCredentials(row.credentials, agentCredentialsBinding(row), this.box),
    );
  }

  forget(id: string): void {
    this.hosts.delete(id);
  }
}
