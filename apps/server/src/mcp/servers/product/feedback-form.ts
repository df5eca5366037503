import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { artifactOutput, artifactResult } from "../../artifact-output.js";

const fieldTypes = [
  "text",
  "email",
  "password",
  "date",
  "datetime",
  "number",
  "textarea",
  "select",
  "checkbox",
] as const;

const field = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(fieldTypes),
  required: z.boolean(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  placeholder: z.string().optional(),
  help_text: z.string().optional(),
});
type Field = z.infer<typeof field>;

const fields: Field[] = [
  { name: "name", label: "Name", type: "text", required: false, placeholder: "Ada Lovelace" },
  {
    name: "email",
    label: "Email",
    type: "email",
    required: true,
    placeholder: "you@example.com",
    help_text: "Only used to answer you.",
  },
  {
    name: "topic",
    label: "Topic",
    type: "select",
    required: true,
    options: [
      { value: "bug", label: "Something is broken" },
      { value: "idea", label: "Idea or wish" },
      { value: "docs", label: "Documentation" },
      { value: "other", label: "Something else" },
    ],
  },
  {
    name: "rating",
    label: "How useful is A2A Chat? (1–5)",
    type: "number",
    required: false,
    default: 4,
  },
  {
    name: "message",
    label: "Message",
    type: "textarea",
    required: true,
    placeholder: "What happened, what did you expect?",
  },
  {
    name: "contact_me",
    label: "You may contact me about this",
    type: "checkbox",
    required: false,
    default: false,
  },
];

const hints = {
  fields,
  layout: "vertical",
  submit_action: "send_feedback",
  submit_method: "message",
};

const output = artifactOutput(
  z.object({ title: z.string(), description: z.string(), fields: z.array(field) }),
  { type: "form", hints, behavior: "modal" },
);

/** feedback_form: a form for product feedback (fields of every common type). */
export function registerFeedbackForm(server: McpServer): void {
  server.registerTool(
    "feedback_form",
    {
      title: "Feedback form",
      description: "Shows a form for sending feedback about the product.",
      inputSchema: {
        topic: z.enum(["bug", "idea", "docs", "other"]).optional().describe("Preselected topic"),
      },
      outputSchema: output,
    },
    ({ topic }) => {
      const filled = fields.map((f) =>
        f.name === "topic" && topic ? { ...f, default: topic } : f,
      );
      return artifactResult(
        {
          title: "Send feedback",
          description: "Tell us what works and what does not.",
          fields: filled,
        },
        { hints: { ...hints, fields: filled } },
      );
    },
  );
}
