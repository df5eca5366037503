import {
  elicitationAnswerSchema,
  type McpRequest,
  mcpRequestMessages,
  samplingAnswerSchema,
  type Task,
} from "@a2a-chat/contracts";
import { McpRequestsRepository } from "../../db/repositories/mcp-requests.js";
import { AppError } from "../../http/errors.js";
import { transactWithEvents } from "../../stream/transact.js";
import type { CommandServices } from "../../tasks/command-services.js";
import { presentRequest } from "./present-request.js";
import { resumeTaskIn } from "./task-pause.js";

function invalid(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const issue = issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return new AppError("validation_failed", `${where}${issue?.message ?? "Invalid answer"}`);
}

/** The caller's requests still waiting for them. */
export async function listPendingRequests(
  services: CommandServices,
  userId: string,
): Promise<McpRequest[]> {
  const rows = await new McpRequestsRepository(services.db.kysely).listPending(userId, new Date());
  return rows.map(presentRequest);
}

/** Where the answer's task change goes: the turn running the task here (see TaskStatusRelay). */
export interface AnswerServices extends CommandServices {
  runs: { statuses: { changed(task: Task): void } };
}

/**
 * Writes the user's answer to one of their pending requests (and `mcp_request_ended`, which
 * wakes the replica holding the tool call, whichever it is). Another user's request reads as
 * missing; one that is over (answered, timed out, its call gone) is a conflict. An agent's task
 * that waited on the request works again in the same transaction.
 */
export async function answerRequest(
  services: AnswerServices,
  userId: string,
  id: string,
  body: unknown,
): Promise<McpRequest> {
  const { request, task } = await transactWithEvents(services, async (trx, emit) => {
    const repository = new McpRequestsRepository(trx);
    const row = await repository.findForUser(userId, id);
    if (!row) throw new AppError("not_found", mcpRequestMessages.notFound);
    const now = new Date();
    if (row.status !== "pending" || row.expires_at <= now.toISOString())
      throw new AppError("conflict", mcpRequestMessages.over);
    const parsed =
      row.kind === "sampling"
        ? samplingAnswerSchema.safeParse(body)
        : elicitationAnswerSchema.safeParse(body);
    if (!parsed.success) throw invalid(parsed.error.issues);
    if (!(await repository.end(id, "answered", parsed.data, now)))
      throw new AppError("conflict", mcpRequestMessages.over);
    await emit({
      userId,
      type: "mcp_request_ended",
      contextId: row.context_id,
      data: { id, status: "answered" },
    });
    const task = row.task_id
      ? await resumeTaskIn(services, trx, emit, userId, row.task_id)
      : undefined;
    return { request: presentRequest({ ...row, status: "answered" }), task };
  });
  if (task) services.runs.statuses.changed(task);
  return request;
}
