import { type Artifact, type Message, type Part, type Task, taskStates } from "@a2a-chat/contracts";
import { Role, type Part as SdkPart, TaskState as SdkTaskState } from "@a2a-js/sdk";
import { describe, expect, it } from "vitest";
import {
  artifactFromSdk,
  artifactToSdk,
  messageFromSdk,
  messageText,
  messageToSdk,
  partFromSdk,
  partToSdk,
  stateFromSdk,
  stateToSdk,
  taskToSdk,
} from "./sdk-convert.js";

const place = { contextId: "ctx-1", taskId: "task-1", at: "2025-01-02T03:04:05.000Z" };

function sdkPart(content: SdkPart["content"], extra: Partial<SdkPart> = {}): SdkPart {
  return { content, metadata: undefined, filename: "", mediaType: "", ...extra };
}

const textPart: Part = { kind: "text", text: "hello", metadata: { lang: "en" } };
const dataPart: Part = { kind: "data", data: { rows: [1, 2], title: "t" } };
const uriFile: Part = {
  kind: "file",
  file: { name: "a.pdf", mimeType: "application/pdf", uri: "https://example.com/a.pdf" },
};
const bytesFile: Part = {
  kind: "file",
  file: { name: "b.bin", mimeType: "application/octet-stream", bytes: "AAECAwQ=" },
};

const message: Message = {
  messageId: "m-1",
  role: "agent",
  parts: [textPart, dataPart],
  contextId: "ctx-1",
  taskId: "task-1",
};

const artifact: Artifact = {
  artifactId: "a-1",
  name: "Table",
  description: "A table",
  parts: [dataPart],
  metadata: {
    artifact_type: "table",
    context_id: "ctx-1",
    task_id: "task-1",
    created_at: "2025-01-01T00:00:00.000Z",
    fingerprint: "f",
  },
};

describe("task states", () => {
  it("maps every state to the SDK and back", () => {
    for (const state of taskStates) {
      expect(stateFromSdk(stateToSdk(state))).toBe(state);
    }
    expect(stateToSdk("input-required")).toBe(SdkTaskState.TASK_STATE_INPUT_REQUIRED);
    expect(stateFromSdk(SdkTaskState.TASK_STATE_AUTH_REQUIRED)).toBe("auth-required");
  });

  it("reads unspecified, unknown and missing SDK states as undefined", () => {
    expect(stateFromSdk(SdkTaskState.TASK_STATE_UNSPECIFIED)).toBeUndefined();
    expect(stateFromSdk(SdkTaskState.UNRECOGNIZED)).toBeUndefined();
    expect(stateFromSdk(undefined)).toBeUndefined();
  });
});

describe("parts", () => {
  it("text: to the SDK and back", () => {
    const sdk = partToSdk(textPart);
    expect(sdk).toEqual({
      content: { $case: "text", value: "hello" },
      mediaType: "text/plain",
      filename: "",
      metadata: { lang: "en" },
    });
    // The media type the SDK side carries comes back as nothing for text.
    expect(partFromSdk(sdk)).toEqual(textPart);
  });

  it("data: to the SDK and back", () => {
    const sdk = partToSdk(dataPart);
    expect(sdk.content).toEqual({ $case: "data", value: { rows: [1, 2], title: "t" } });
    expect(sdk.mediaType).toBe("application/json");
    expect(partFromSdk(sdk)).toEqual(dataPart);
  });

  it("file by uri: to the SDK and back", () => {
    const sdk = partToSdk(uriFile);
    expect(sdk).toMatchObject({
      content: { $case: "url", value: "https://example.com/a.pdf" },
      filename: "a.pdf",
      mediaType: "application/pdf",
    });
    expect(partFromSdk(sdk)).toEqual(uriFile);
  });

  it("file by bytes: to the SDK and back", () => {
    const sdk = partToSdk(bytesFile);
    if (sdk.content?.$case !== "raw") throw new Error("expected raw bytes");
    expect([...sdk.content.value]).toEqual([0, 1, 2, 3, 4]);
    expect(partFromSdk(sdk)).toEqual(bytesFile);
  });

  it("from the SDK: bare files, non-object data, empty parts", () => {
    expect(partFromSdk(sdkPart({ $case: "url", value: "https://x/y" }))).toEqual({
      kind: "file",
      file: { uri: "https://x/y" },
    });
    expect(partFromSdk(sdkPart({ $case: "data", value: [1, 2] }))).toEqual({
      kind: "data",
      data: { value: [1, 2] },
    });
    expect(partFromSdk(sdkPart({ $case: "data", value: "plain" }))).toEqual({
      kind: "data",
      data: { value: "plain" },
    });
    expect(partFromSdk(sdkPart(undefined))).toBeUndefined();
    // Empty metadata is dropped rather than carried as {}.
    expect(partFromSdk(sdkPart({ $case: "text", value: "x" }, { metadata: {} }))).toEqual({
      kind: "text",
      text: "x",
    });
  });
});

describe("messages", () => {
  it("round-trips agent and user messages", () => {
    const sdk = messageToSdk(message);
    expect(sdk).toMatchObject({
      messageId: "m-1",
      contextId: "ctx-1",
      taskId: "task-1",
      role: Role.ROLE_AGENT,
      extensions: [],
      referenceTaskIds: [],
    });
    expect(messageFromSdk(sdk)).toEqual(message);

    const user: Message = { messageId: "m-2", role: "user", parts: [textPart] };
    const userSdk = messageToSdk(user);
    expect(userSdk.role).toBe(Role.ROLE_USER);
    expect(userSdk.contextId).toBe("");
    expect(messageFromSdk(userSdk)).toEqual(user);
  });

  it("drops empty SDK parts and reads non-user roles as the agent", () => {
    const sdk = {
      ...messageToSdk(message),
      role: Role.ROLE_UNSPECIFIED,
      parts: [sdkPart(undefined), partToSdk(textPart)],
    };
    expect(messageFromSdk(sdk)).toEqual({ ...message, parts: [textPart] });
  });

  it("joins the text parts of a message", () => {
    expect(messageText({ parts: [textPart, dataPart, { kind: "text", text: " world" }] })).toBe(
      "hello world",
    );
    expect(messageText({ parts: [] })).toBe("");
  });
});

describe("artifacts", () => {
  it("round-trips an artifact with its metadata", () => {
    const sdk = artifactToSdk(artifact);
    expect(sdk).toMatchObject({ artifactId: "a-1", name: "Table", description: "A table" });
    expect(artifactFromSdk(sdk, place)).toEqual(artifact);
  });

  it("fills in the required metadata of an SDK artifact from where it was made", () => {
    const bare = artifactToSdk({
      artifactId: "a-2",
      parts: [textPart],
      metadata: artifact.metadata,
    });
    const sdk = { ...bare, name: "", description: "", metadata: undefined };
    expect(artifactFromSdk(sdk, place)).toEqual({
      artifactId: "a-2",
      parts: [textPart],
      metadata: {
        artifact_type: "json",
        created_at: place.at,
        context_id: "ctx-1",
        task_id: "task-1",
      },
    });
    // The place wins over whatever context or task the artifact claimed.
    const claimed = {
      ...sdk,
      metadata: { artifact_type: "chart", context_id: "other", task_id: "other" },
    };
    expect(artifactFromSdk(claimed, place).metadata).toEqual({
      artifact_type: "chart",
      created_at: place.at,
      context_id: "ctx-1",
      task_id: "task-1",
    });
  });
});

describe("tasks", () => {
  const task: Task = {
    id: "task-1",
    contextId: "ctx-1",
    status: { state: "completed", timestamp: "2025-01-02T00:00:00.000Z", message },
    history: [{ ...message, role: "user", messageId: "m-0" }, message],
    artifacts: [artifact],
    metadata: {
      task_type: "agent_message",
      agent_name: "assistant",
      created_at: "2025-01-01T00:00:00.000Z",
      model: "planner",
    },
  };

  it("converts a task to the SDK, and each piece converts back", () => {
    const sdk = taskToSdk(task);
    expect(sdk.id).toBe("task-1");
    expect(sdk.contextId).toBe("ctx-1");
    expect(sdk.metadata).toEqual(task.metadata);
    expect(stateFromSdk(sdk.status?.state)).toBe("completed");
    expect(sdk.status?.timestamp).toBe(task.status.timestamp);
    expect(sdk.status?.message && messageFromSdk(sdk.status.message)).toEqual(message);
    expect(sdk.history.map(messageFromSdk)).toEqual(task.history);
    expect(sdk.artifacts.map((a) => artifactFromSdk(a, place))).toEqual(task.artifacts);
  });

  it("leaves the status message out when the task has none", () => {
    const sdk = taskToSdk({ ...task, status: { state: "working", timestamp: "t" } });
    expect(sdk.status?.message).toBeUndefined();
    expect(sdk.status?.state).toBe(SdkTaskState.TASK_STATE_WORKING);
  });
});
