import type { RecordExecutionBody } from "@a2a-chat/contracts";
import { AppError } from "../../http/errors.js";
import type { Services } from "../../http/services.js";
import type { Owner } from "../../tasks/task-checks.js";
import { neutraliseUrls } from "../artifacts/neutralise-urls.js";
import { builtinServer } from "../builtin-servers.js";
import { completeExecution, type FinishedExecution, failExecution } from "./finish-execution.js";
import { startExecution } from "./start-execution.js";

/**
 * Records a call the browser made to a third-party tool server (which keeps no records of ours):
 * started and finished in one go, in the caller's conversation, its result (unsafe addresses
 * removed) stored as an artifact like our own servers' results. Built-in servers record their
 * own calls, so reports naming them are refused rather than trusted.
 */
export async function recordReportedCall(
  services: Services,
  owner: Owner,
  body: RecordExecutionBody,
): Promise<FinishedExecution> {
  if (builtinServer(body.server_name)) {
    throw new AppError("bad_request", `${body.server_name} records its own tool calls`);
  }
  const started = await startExecution(services, owner, {
    serverName: body.server_name,
    serverEndpoint: body.server_endpoint,
    toolName: body.tool_name,
    input: body.input,
    contextId: body.context_id,
  });
  if (body.result === undefined) {
    return failExecution(services, owner, started.id, body.error ?? "Failed to execute tool");
  }
  return completeExecution(services, owner, started.id, {
    result: neutraliseUrls(body.result),
    ...(body.output_schema ? { outputSchema: body.output_schema } : {}),
  });
}
