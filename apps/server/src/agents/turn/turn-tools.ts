import { randomUUID } from "node:crypto";
import { ExternalMcpServersRepository } from "../../db/repositories/external-mcp-servers.js";
import { activeTraceId } from "../../observe/tracing.js";
import { openAgentTools } from "../mcp-tools.js";
import type { RunnerTool } from "../model-runner.js";
import type { Turn, TurnDeps } from "./turn.js";

/**
 * Runs `use` with the tools the turn may call, and closes them after: the MCP servers of the
 * agent's config and those the caller added and lets this agent use (a per-user, per-agent
 * choice). A runner that calls no tools (the planner) gets none, and nothing is opened.
 */
export async function withTurnTools(
  deps: TurnDeps,
  turn: Turn,
  use: (tools: RunnerTool[]) => Promise<void>,
): Promise<void> {
  const { services, agent, runner } = deps;
  if (runner.usesTools === false) return use([]);
  const userServers = await new ExternalMcpServersRepository(services.db.kysely).listForAgent(
    turn.owner.userId,
    agent.name,
  );
  if (agent.mcpServers.length === 0 && userServers.length === 0) return use([]);
  const { config } = services;
  const agentTools = await openAgentTools({
    userServers,
    services,
    agent,
    token: turn.token,
    scopes: turn.scopes,
    contextId: turn.contextId,
    taskId: turn.taskId,
    userId: turn.owner.userId,
    // While tracing, tool servers get the turn's trace id (as x-trace-id and in traceparent).
    traceId: activeTraceId() ?? turn.traceId ?? randomUUID(),
    origin: config.server.publicUrl ?? `http://localhost:${config.server.port}`,
    // Calls to this site's own tool servers wait as long as the turn may run (under overload a
    // fixed limit failed them); another server's calls keep their own limit.
    ownCallTimeoutMs: config.quotas.replySeconds * 1000,
  });
  try {
    await use(agentTools.tools);
  } finally {
    await agentTools.close();
  }
}
