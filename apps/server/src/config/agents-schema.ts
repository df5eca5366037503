import { z } from "zod";

const skillSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    description: z.string().default(""),
    tags: z.array(z.string()).default([]),
    examples: z.array(z.string()).default([]),
    /** Listed only on the authenticated extended card, for callers signed in with a passkey. */
    signedInOnly: z.boolean().default(false),
  })
  .strict();

/** What the names of agents users add start with (`external-<id>`); no configured agent's may. */
export const userAgentNamePrefix = "external-";

/**
 * One agent as declared in the config file. `model` is "<provider>:<model id>" with provider
 * openai, anthropic, google or compatible; "auto" (the default) picks the first configured
 * provider and falls back to the built-in planner; "planner" always uses the planner.
 */
export const agentConfigSchema = z
  .object({
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "must be lower-case letters, digits and hyphens")
      .refine(
        (name) => !name.startsWith(userAgentNamePrefix),
        `must not start with "${userAgentNamePrefix}": that prefix names the agents users add`,
      ),
    displayName: z.string().min(1).optional(),
    description: z.string().min(1),
    version: z.string().min(1).default("1.0.0"),
    provider: z
      .object({ organization: z.string().min(1), url: z.url() })
      .strict()
      .default({ organization: "A2A Chat", url: "https://github.com/a2a-chat" }),
    model: z.string().min(1).default("auto"),
    systemPrompt: z.string().min(1),
    /** Names of MCP servers (from the MCP config) this agent may use. */
    mcpServers: z.array(z.string().min(1)).default([]),
    skills: z.array(skillSchema).default([]),
    /** Scopes of which a caller needs at least one (core spec §6); empty means open. */
    requiredScopes: z.array(z.string().min(1)).default([]),
    default: z.boolean().default(false),
    iconUrl: z.url().optional(),
    documentationUrl: z.url().optional(),
  })
  .strict();

/** The agent list: at least one, unique names, at most one marked default. */
export const agentListSchema = z
  .array(agentConfigSchema)
  .min(1, "declare at least one agent")
  .superRefine((agents, ctx) => {
    const seen = new Set<string>();
    for (const [index, agent] of agents.entries()) {
      if (seen.has(agent.name)) {
        ctx.addIssue({
          code: "custom",
          path: [index, "name"],
          message: `duplicate agent name "${agent.name}"`,
        });
      }
      seen.add(agent.name);
    }
    if (agents.filter((agent) => agent.default).length > 1) {
      ctx.addIssue({ code: "custom", message: "at most one agent may be the default" });
    }
  });

/** The agents a fresh install ships with when the config declares none. */
export const defaultAgents: z.input<typeof agentConfigSchema>[] = [
  {
    name: "assistant",
    displayName: "Assistant",
    description: "A general assistant that can show data as tables, charts, dashboards and forms.",
    default: true,
    mcpServers: ["analytics", "product"],
    systemPrompt:
      "You are a helpful assistant inside A2A Chat. Answer clearly and briefly. Use tools to show structured data when it helps.",
    skills: [
      {
        id: "chat",
        name: "Conversation",
        description: "Answers questions and explains things.",
        tags: ["chat", "help"],
      },
      {
        id: "visualize",
        name: "Visualize data",
        description: "Shows tables, charts and dashboards.",
        tags: ["table", "chart", "dashboard"],
      },
    ],
  },
  {
    name: "coder",
    displayName: "Code Helper",
    description: "Writes and explains code samples.",
    mcpServers: ["product"],
    systemPrompt:
      "You are a programming assistant. Prefer short, correct code samples with a one-line explanation.",
    skills: [
      {
        id: "code",
        name: "Code samples",
        description: "Writes code in common languages.",
        tags: ["code", "typescript", "python"],
      },
      {
        id: "review",
        name: "Code review",
        description: "Reviews code you paste and suggests fixes, with the reason for each.",
        tags: ["code", "review"],
        signedInOnly: true,
      },
    ],
  },
];
