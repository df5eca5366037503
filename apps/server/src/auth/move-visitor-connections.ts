import { externalMcpEndpoint } from "@a2a-chat/contracts";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { agentCredentialsBinding, mcpCredentialsBinding } from "../proxy/credential-binding.js";
import { externalAgentName } from "../proxy/external-agent-name.js";
import type { SecretBox } from "../proxy/secret-box.js";

/** How many of a visitor's added agents and MCP servers changed owner, and how many were dropped. */
export interface MovedConnections {
  agents: number;
  mcpServers: number;
  /** The visitor's agents and servers the account already had (same URL, same name): dropped. */
  duplicates: number;
}

/**
 * Credentials sealed for the visitor, sealed again for the account (they are bound to the owner).
 * Ones that cannot be read (no key, or the key changed) are not carried: nobody could open them.
 */
function reseal(
  box: SecretBox | undefined,
  sealed: string | null,
  from: string,
  to: string,
): string | null {
  if (sealed === null || !box) return null;
  try {
    return box.seal(box.open(sealed, from), to);
  } catch {
    return null;
  }
}

/**
 * Gives the agents and MCP servers a visitor added to an account, inside the caller's
 * transaction, after their tasks and tool execution records moved. Each row keeps its id (its
 * proxy address, a sign-in under way); its credentials, OAuth tokens included, are sealed again
 * for the new owner. When the account already has an agent with the same URL or a server with the
 * same name, the account's is kept, with its own credentials, and the visitor's is dropped: the
 * visitor's conversations with it then name the account's.
 */
export async function moveVisitorConnections(
  trx: Kysely<Database>,
  box: SecretBox | undefined,
  from: string,
  to: string,
  at: Date = new Date(),
): Promise<MovedConnections> {
  const moved: MovedConnections = { agents: 0, mcpServers: 0, duplicates: 0 };
  const updatedAt = at.toISOString();

  const agents = await trx
    .selectFrom("external_agents")
    .selectAll()
    .where("user_id", "=", from)
    .execute();
  for (const agent of agents) {
    const kept = await trx
      .selectFrom("external_agents")
      .select("id")
      .where("user_id", "=", to)
      .where("url", "=", agent.url)
      .executeTakeFirst();
    if (kept) {
      await renameAgentTasks(trx, to, externalAgentName(agent.id), externalAgentName(kept.id));
      await trx.deleteFrom("external_agents").where("id", "=", agent.id).execute();
      moved.duplicates += 1;
      continue;
    }
    const credentials = reseal(
      box,
      agent.credentials,
      agentCredentialsBinding(agent),
      agentCredentialsBinding({ user_id: to, url: agent.url }),
    );
    await trx
      .updateTable("external_agents")
      .set({ user_id: to, credentials, updated_at: updatedAt })
      .where("id", "=", agent.id)
      .execute();
    moved.agents += 1;
  }

  const servers = await trx
    .selectFrom("external_mcp_servers")
    .selectAll()
    .where("user_id", "=", from)
    .execute();
  for (const server of servers) {
    const kept = await trx
      .selectFrom("external_mcp_servers")
      .select("id")
      .where("user_id", "=", to)
      .where("name", "=", server.name)
      .executeTakeFirst();
    if (kept) {
      const before = externalMcpEndpoint(server.id);
      await trx
        .updateTable("tool_executions")
        .set({
          server_endpoint: sql<string>`replace(server_endpoint, ${before}, ${externalMcpEndpoint(kept.id)})`,
        })
        .where("user_id", "=", to)
        .where("server_endpoint", "like", `%${before}`)
        .execute();
      await trx.deleteFrom("external_mcp_servers").where("id", "=", server.id).execute();
      moved.duplicates += 1;
      continue;
    }
    const credentials = reseal(
      box,
      server.credentials,
      mcpCredentialsBinding(server),
      mcpCredentialsBinding({ user_id: to, name: server.name }),
    );
    await trx
      .updateTable("external_mcp_servers")
      .set({ user_id: to, credentials, updated_at: updatedAt })
      .where("id", "=", server.id)
      .execute();
    // The agents it is lent to go with it.
    await trx
      .updateTable("external_mcp_server_agents")
      .set({ user_id: to })
      .where("server_id", "=", server.id)
      .execute();
    moved.mcpServers += 1;
  }
  return moved;
}

/** Points the account's tasks with a dropped agent at the agent kept in its place. */
async function renameAgentTasks(
  trx: Kysely<Database>,
  userId: string,
  from: string,
  to: string,
): Promise<void> {
  const tasks = await trx
    .selectFrom("tasks")
    .select(["id", "metadata"])
    .where("user_id", "=", userId)
    .where("agent_name", "=", from)
    .execute();
  for (const task of tasks) {
    let metadata: string | undefined;
    try {
      const parsed: unknown = JSON.parse(task.metadata);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        metadata = JSON.stringify({ ...parsed, agent_name: to });
    } catch {
      // Unreadable metadata is left as it was; the column still names the kept agent.
    }
    await trx
      .updateTable("tasks")
      .set({ agent_name: to, ...(metadata ? { metadata } : {}) })
      .where("id", "=", task.id)
      .execute();
  }
}
