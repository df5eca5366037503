import {
  type ConversationExport,
  type ExportedTask,
  type Part,
  readToolCalls,
} from "@a2a-chat/contracts";
import type { BlockContent, DefinitionContent, Root, RootContent, Table, TableRow } from "mdast";
import { branchMessages } from "./branch-path.js";

/** The markdown parser and printer, imported on the first export (an idle server has no use for them). */
async function loadMdast() {
  const [from, gfm, to] = await Promise.all([
    import("mdast-util-from-markdown"),
    import("mdast-util-gfm"),
    import("mdast-util-to-markdown"),
  ]);
  return {
    parse: (markdown: string) =>
      from.fromMarkdown(markdown, { mdastExtensions: [gfm.gfmFromMarkdown()] }).children,
    print: (root: Root) => to.toMarkdown(root, { extensions: [gfm.gfmToMarkdown()] }),
  };
}
type Parse = (markdown: string) => RootContent[];

type Block = BlockContent | DefinitionContent;

const text = (value: string) => ({ type: "text" as const, value });
const paragraph = (...children: RootContent[]) =>
  ({ type: "paragraph", children }) as unknown as Block;
const heading = (depth: 1 | 2 | 3 | 4, value: string): RootContent => ({
  type: "heading",
  depth,
  children: [text(value)],
});
const code = (lang: string, value: string): Block => ({ type: "code", lang, value });

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
};

/** The first list of plain objects in a data part (the data itself, or one of its fields). */
function rowsOf(data: Record<string, unknown>): Record<string, unknown>[] | undefined {
  const isRows = (value: unknown): value is Record<string, unknown>[] =>
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((row) => typeof row === "object" && row !== null && !Array.isArray(row));
  return Object.values(data).find(isRows);
}

function table(rows: Record<string, unknown>[]): Table {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const row = (cells: string[]): TableRow => ({
    type: "tableRow",
    children: cells.map((cell) => ({ type: "tableCell", children: [text(cell)] })),
  });
  return {
    type: "table",
    children: [row(columns), ...rows.map((r) => row(columns.map((c) => cellText(r[c]))))],
  };
}

/** A part as markdown blocks: text as written (it is markdown), data as a table or JSON, files as links. */
function partBlocks(part: Part, parse: Parse): RootContent[] {
  if (part.kind === "text") return parse(part.text);
  if (part.kind === "file") {
    const name = part.file.name ?? "file";
    if (part.file.uri !== undefined) {
      return [paragraph({ type: "link", url: part.file.uri, children: [text(name)] })];
    }
    const bytes = Math.floor((part.file.bytes?.length ?? 0) * 0.75);
    return [paragraph(text(`📎 ${name} (${part.file.mimeType ?? "file"}, about ${bytes} bytes)`))];
  }
  const rows = rowsOf(part.data);
  return [rows ? table(rows) : code("json", JSON.stringify(part.data, null, 2))];
}

function author(task: ExportedTask | undefined, role: string): string {
  if (role === "user") return "You";
  const display = task?.metadata.agent_display_name;
  return typeof display === "string" ? display : (task?.agent_name ?? "Agent");
}

/** What the Markdown says when the conversation has branches besides the one it shows. */
export const chosenBranchNote =
  "This conversation has more than one branch: this file shows the branch that was chosen when it was exported. The JSON export holds every branch.";

/**
 * A conversation export as readable Markdown: the branch the conversation shows (saying so when
 * there are others), each message under its author and time, each task's tool calls and
 * artifacts after its messages (tables for rows of data, code blocks for other data, links for
 * files). Written through mdast, so any text is escaped where it must be.
 */
export async function conversationMarkdown(doc: ConversationExport): Promise<string> {
  const { parse, print } = await loadMdast();
  const tasks = new Map(doc.tasks.map((task) => [task.id, task]));
  const branch = branchMessages(doc);
  const children: RootContent[] = [
    heading(1, doc.conversation.name),
    paragraph(text(`Exported from A2A Chat on ${doc.exported_at}.`)),
  ];
  if (branch.otherBranches) children.push(paragraph(text(chosenBranchNote)));
  const closed = new Set<string>();
  const closeTask = (taskId: string | null) => {
    if (taskId === null || closed.has(taskId)) return;
    closed.add(taskId);
    const task = tasks.get(taskId);
    const calls = readToolCalls(task?.metadata);
    if (calls.length > 0) {
      children.push(paragraph(text(`Tools used: ${calls.map((call) => call.name).join(", ")}`)));
    }
    for (const artifact of doc.artifacts.filter((a) => a.task_id === taskId)) {
      children.push(heading(4, `Artifact: ${artifact.name ?? artifact.artifact_type}`));
      if (artifact.description) children.push(paragraph(text(artifact.description)));
      for (const part of artifact.parts) children.push(...partBlocks(part, parse));
    }
  };
  let current: string | null = null;
  for (const message of branch.messages) {
    if (message.task_id !== current) closeTask(current);
    current = message.task_id;
    const task = message.task_id === null ? undefined : tasks.get(message.task_id);
    children.push(heading(3, `${author(task, message.role)} · ${message.created_at}`));
    for (const part of message.parts) children.push(...partBlocks(part, parse));
  }
  closeTask(current);
  // Tasks of the branch that have no message (a run from the Tools column).
  for (const task of doc.tasks) if (branch.tasks.has(task.id)) closeTask(task.id);
  for (const artifact of doc.artifacts.filter((a) => a.task_id === null)) {
    children.push(heading(4, `Artifact: ${artifact.name ?? artifact.artifact_type}`));
    for (const part of artifact.parts) children.push(...partBlocks(part, parse));
  }
  const root: Root = { type: "root", children };
  return print(root);
}
