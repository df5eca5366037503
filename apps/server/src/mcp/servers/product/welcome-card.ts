import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { artifactOutput, artifactResult } from "../../artifact-output.js";

const output = artifactOutput(
  z.object({
    title: z.string(),
    subtitle: z.string(),
    icon: z.string(),
    theme: z.string(),
    sections: z.array(z.object({ icon: z.string(), heading: z.string(), content: z.string() })),
    ctas: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        message: z.string(),
        variant: z.enum(["primary", "secondary", "outline"]),
        icon: z.string(),
      }),
    ),
  }),
  { type: "presentation_card" },
);

/** welcome_card: a presentation card introducing the product, with buttons that send messages. */
export function registerWelcomeCard(server: McpServer): void {
  server.registerTool(
    "welcome_card",
    {
      title: "Welcome card",
      description: "Introduces A2A Chat with a card whose buttons start common tasks.",
      inputSchema: { name: z.string().trim().max(60).optional().describe("Who to greet") },
      outputSchema: output,
    },
    ({ name }) =>
      artifactResult({
        title: name ? `Welcome, ${name}` : "Welcome to A2A Chat",
        subtitle: "Talk to agents, run tools and keep the results.",
        icon: "sparkles",
        theme: "gradient",
        sections: [
          {
            icon: "message-square",
            heading: "Chat with agents",
            content: "Pick an agent and ask in plain words; replies stream in.",
          },
          {
            icon: "wrench",
            heading: "Run tools",
            content: "Tools of the MCP servers show tables, charts, dashboards and forms.",
          },
          {
            icon: "key",
            heading: "Keep your work",
            content: "Sign in with a passkey to keep your conversations on every device.",
          },
        ],
        ctas: [
          {
            id: "orders",
            label: "Show recent orders",
            message: "Show me the latest orders in Europe",
            variant: "primary",
            icon: "table",
          },
          {
            id: "chart",
            label: "Chart sales",
            message: "Chart revenue by month",
            variant: "secondary",
            icon: "bar-chart",
          },
          {
            id: "metrics",
            label: "Server health",
            message: "Show the server metrics",
            variant: "outline",
            icon: "activity",
          },
        ],
      }),
  );
}
