import type { ToolCallRecord } from "@a2a-chat/contracts";
import type { RunnerToolResult } from "./model-runner.js";

/** Longest tool-result text kept in a task's metadata; the full result is the artifact. */
export const maxToolResultText = 1000;

/**
 * The tool calls of one agent turn, kept in the task's metadata (tool_calls) so the chat can show
 * them while the reply streams and after a reload.
 */
export class ToolCallLog {
  private readonly calls: ToolCallRecord[] = [];

  /** Records a call the model made, with the MCP server of its tool when known. */
  called(
    call: { id: string; name: string; args: Record<string, unknown> },
    at: Date,
    server?: string,
  ): void {
    this.calls.push({
      id: call.id,
      name: call.name,
      arguments: call.args,
      ...(server ? { server } : {}),
      timestamp: at.toISOString(),
    });
  }

  /** Adds a call's result (its text, shortened); false when the call is unknown. */
  answered(id: string, result: RunnerToolResult): boolean {
    const call = this.calls.find((c) => c.id === id);
    if (!call) return false;
    const text =
      result.text.length > maxToolResultText
        ? `${result.text.slice(0, maxToolResultText)}…`
        : result.text;
    call.result = { content: text, is_error: result.isError };
    return true;
  }

  /** Marks the calls still without a result as cancelled (the turn was stopped); true if any. */
  cancelUnanswered(): boolean {
    const open = this.calls.filter((call) => !call.result && !call.cancelled);
    for (const call of open) call.cancelled = true;
    return open.length > 0;
  }

  /**
   * The metadata patch that records the calls so far (a copy), and the MCP servers they went to
   * as mcp_server_name (in the order first used, joined by ", "), which the task table shows.
   */
  metadata(): { tool_calls: ToolCallRecord[]; mcp_server_name?: string } {
    const servers = [...new Set(this.calls.flatMap((call) => (call.server ? [call.server] : [])))];
    return {
      tool_calls: this.calls.map((call) => ({ ...call })),
      ...(servers.length > 0 ? { mcp_server_name: servers.join(", ") } : {}),
    };
  }

  get size(): number {
    return this.calls.length;
  }
}
