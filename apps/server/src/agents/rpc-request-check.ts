/** Longest message id we store (messages.id is varchar(128)). */
export const maxMessageIdLength = 128;

/** The states a ListTasks status filter may name (A2A 1.0, protobuf JSON names). */
const listedStates = [
  "TASK_STATE_SUBMITTED",
  "TASK_STATE_WORKING",
  "TASK_STATE_COMPLETED",
  "TASK_STATE_FAILED",
  "TASK_STATE_CANCELED",
  "TASK_STATE_INPUT_REQUIRED",
  "TASK_STATE_REJECTED",
  "TASK_STATE_AUTH_REQUIRED",
];

/**
 * Status filters that mean none: left out or empty, the zero state, and "UNRECOGNIZED", which
 * the SDK's own client sends for a filter it was not given (it reads back as state -1).
 */
const unsetStatuses: readonly unknown[] = ["", "TASK_STATE_UNSPECIFIED", "UNRECOGNIZED", 0];

/** Whether a ListTasks status filter is unset or names a state (by name or number). */
function isStatusFilter(value: unknown): boolean {
  if (!isSet(value) || unsetStatuses.includes(value)) return true;
  if (typeof value === "number") return Number.isInteger(value) && value >= 1 && value <= 8;
  return typeof value === "string" && listedStates.includes(value);
}

/** Refusals of malformed A2A requests, sent as JSON-RPC -32602 (invalid params). */
export const rpcRequestMessages = {
  message: "message must be an object",
  messageId: `message.messageId must be a non-empty string of at most ${maxMessageIdLength} characters`,
  id: (field: string) => `${field} must be a string`,
  role: "message.role must be user: a client sends only user messages",
  parts: "message.parts must be a non-empty list",
  part: (i: number) => `message.parts[${i}] must hold exactly one of text, raw, url or data`,
  legacyPart: (i: number) => `message.parts[${i}] must be a text, file or data part`,
  text: (i: number) => `message.parts[${i}].text must be a string`,
  url: (i: number) => `message.parts[${i}] file url must be a string`,
  bytes: (i: number) => `message.parts[${i}] file bytes must be base64`,
  file: (i: number) => `message.parts[${i}].file must hold exactly one of bytes or uri`,
  data: (i: number) => `message.parts[${i}].data must be a JSON object`,
  historyLength: "historyLength must be a non-negative integer",
  status: `status must be a task state (${listedStates.join(", ")}) or left out`,
} as const;

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isSet = (value: unknown) => value !== undefined && value !== null;

// Standard or URL-safe alphabet, padded or not; one character class, so linear in the input.
const base64Chars = /^[A-Za-z0-9+/_-]*={0,2}$/;
const isBase64 = (value: unknown): boolean =>
  typeof value === "string" && value.length % 4 !== 1 && base64Chars.test(value);

/** Methods that carry a user message, in each protocol version. */
const sendMethods = new Set([
  "SendMessage",
  "SendStreamingMessage",
  "message/send",
  "message/stream",
]);

/** Whether a JSON-RPC body sends a user message (starts or continues a turn). */
export function isSendRequest(body: unknown): boolean {
  return isRecord(body) && typeof body.method === "string" && sendMethods.has(body.method);
}

/** The first problem of one v1.0 (protobuf JSON) part, if any. */
function v1PartProblem(part: unknown, i: number): string | undefined {
  if (!isRecord(part)) return rpcRequestMessages.part(i);
  const contents = ["text", "raw", "url", "data"].filter((key) => isSet(part[key]));
  if (contents.length !== 1) return rpcRequestMessages.part(i);
  if (isSet(part.text) && typeof part.text !== "string") return rpcRequestMessages.text(i);
  if (isSet(part.raw) && !isBase64(part.raw)) return rpcRequestMessages.bytes(i);
  if (isSet(part.url) && typeof part.url !== "string") return rpcRequestMessages.url(i);
  if (isSet(part.data) && !isRecord(part.data)) return rpcRequestMessages.data(i);
  return undefined;
}

/** The first problem of one v0.3 part ({kind: text|file|data, …}), if any. */
function legacyPartProblem(part: unknown, i: number): string | undefined {
  if (!isRecord(part)) return rpcRequestMessages.legacyPart(i);
  switch (part.kind) {
    case "text":
      return typeof part.text === "string" ? undefined : rpcRequestMessages.text(i);
    case "data":
      return isRecord(part.data) ? undefined : rpcRequestMessages.data(i);
    case "file": {
      const file = part.file;
      if (!isRecord(file) || isSet(file.bytes) === isSet(file.uri))
        return rpcRequestMessages.file(i);
      if (isSet(file.bytes) && !isBase64(file.bytes)) return rpcRequestMessages.bytes(i);
      if (isSet(file.uri) && typeof file.uri !== "string") return rpcRequestMessages.url(i);
      return undefined;
    }
    default:
      return rpcRequestMessages.legacyPart(i);
  }
}

function messageProblem(message: unknown, legacy: boolean): string | undefined {
  if (!isRecord(message)) return rpcRequestMessages.message;
  const { messageId } = message;
  if (typeof messageId !== "string" || messageId === "" || messageId.length > maxMessageIdLength)
    return rpcRequestMessages.messageId;
  for (const field of ["contextId", "taskId"]) {
    if (isSet(message[field]) && typeof message[field] !== "string")
      return rpcRequestMessages.id(`message.${field}`);
  }
  const userRoles: unknown[] = legacy ? ["user"] : ["ROLE_USER", 1];
  if (!userRoles.includes(message.role)) return rpcRequestMessages.role;
  const { parts } = message;
  if (!Array.isArray(parts) || parts.length === 0) return rpcRequestMessages.parts;
  for (const [i, part] of parts.entries()) {
    const problem = legacy ? legacyPartProblem(part, i) : v1PartProblem(part, i);
    if (problem) return problem;
  }
  return undefined;
}

const badHistoryLength = (value: unknown) =>
  isSet(value) &&
  !(typeof value === "number" && Number.isInteger(value) && value >= 0) &&
  !(typeof value === "string" && /^\d{1,9}$/.test(value));

/**
 * The first reason a JSON-RPC request's params are malformed, or undefined. The SDK's JSON
 * readers coerce what they get (an agent role, data as a string, bytes that are not base64), so
 * the raw params are checked before they are read and a bad call changes nothing.
 */
export function rpcRequestProblem(body: unknown, legacy: boolean): string | undefined {
  if (!isRecord(body) || !isRecord(body.params)) return undefined;
  const { params } = body;
  const configuration = isRecord(params.configuration) ? params.configuration : {};
  if (badHistoryLength(params.historyLength) || badHistoryLength(configuration.historyLength))
    return rpcRequestMessages.historyLength;
  if (typeof body.method === "string" && sendMethods.has(body.method))
    return messageProblem(params.message, legacy);
  if (body.method === "ListTasks" && !isStatusFilter(params.status))
    return rpcRequestMessages.status;
  return undefined;
}
