import {
  artifactCreatedDataSchema,
  contextStatsDataSchema,
  messageAddedDataSchema,
  taskCompletedDataSchema,
  taskCreatedDataSchema,
  taskSchema,
  taskStatusChangedDataSchema,
} from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { tableArtifact, taskUser, textMessage } from "../test/tasks.js";
import { addArtifact } from "./artifact-commands.js";
import { appendMessage } from "./message-commands.js";
import { createTask } from "./task-commands.js";
import { updateTaskStatus } from "./task-status-commands.js";

describeEachDialect("task commands", (get) => {
  const setup = async () => {
    const app = createTestApp(get());
    return { app, services: app.services, u: await taskUser(app) };
  };

  it("emits every change on the live stream, in order, with the stats", async () => {
    const { services, u } = await setup();
    const contextId = await u.createContext();
    const stream = await u.openStream();

    const task = await u.task(contextId, "m-user", "make a table");
    const created = await stream.take(3);
    expect(created.map((e) => e.event)).toEqual(["task_created", "message_added", "context_stats"]);
    expect(created.every((e) => e.envelope.context_id === contextId)).toBe(true);
    const createdData = taskCreatedDataSchema.parse(created[0]?.envelope.data);
    expect(createdData).toMatchObject({ task_id: task.id, status: "submitted" });
    expect(createdData.task.history.map((m) => m.messageId)).toEqual(["m-user"]);
    expect(createdData.task.metadata).toMatchObject({
      task_type: "agent_message",
      agent_name: "assistant",
    });
    expect(messageAddedDataSchema.parse(created[1]?.envelope.data)).toMatchObject({
      task_id: task.id,
      message: { messageId: "m-user", role: "user", contextId, taskId: task.id },
    });
    expect(contextStatsDataSchema.parse(created[2]?.envelope.data)).toMatchObject({
      context_id: contextId,
      message_count: 1,
      task_count: 1,
    });

    await updateTaskStatus(services, u.owner, task.id, { state: "working" });
    const working = taskStatusChangedDataSchema.parse((await stream.next()).envelope.data);
    expect(working).toMatchObject({ task_id: task.id, status: "working" });

    const reply = textMessage("m-agent", "here it is", "agent");
    await appendMessage(services, u.owner, { contextId, taskId: task.id, message: reply });
    const [added, stats] = await stream.take(2);
    expect(added?.event).toBe("message_added");
    expect(messageAddedDataSchema.parse(added?.envelope.data).message.messageId).toBe("m-agent");
    const counted = contextStatsDataSchema.parse(stats?.envelope.data);
    expect(counted).toMatchObject({ message_count: 2, task_count: 1 });
    expect(counted.last_message_at).toBe(counted.updated_at);

    await addArtifact(services, u.owner, {
      taskId: task.id,
      artifact: tableArtifact("a-1", contextId),
    });
    const artifactEvent = await stream.next();
    expect(artifactEvent.event).toBe("artifact_created");
    expect(artifactCreatedDataSchema.parse(artifactEvent.envelope.data)).toMatchObject({
      task_id: task.id,
      artifact: { artifactId: "a-1", metadata: { task_id: task.id, context_id: contextId } },
    });

    const done = await updateTaskStatus(services, u.owner, task.id, {
      state: "completed",
      message: reply,
      metadata: { model: "planner", input_tokens: 12, output_tokens: 30 },
    });
    const [changed, completed] = await stream.take(2);
    expect(changed?.event).toBe("task_status_changed");
    expect(taskStatusChangedDataSchema.parse(changed?.envelope.data).message).toEqual(reply);
    expect(completed?.event).toBe("task_completed");
    const final = taskCompletedDataSchema.parse(completed?.envelope.data);
    expect(final.task).toEqual(done);
    expect(final.task.history.map((m) => m.messageId)).toEqual(["m-user", "m-agent"]);
    expect(final.task.artifacts.map((a) => a.artifactId)).toEqual(["a-1"]);
    expect(final.task.status).toMatchObject({ state: "completed", message: reply });
    const meta = final.task.metadata;
    expect(meta).toMatchObject({ model: "planner", input_tokens: 12, output_tokens: 30 });
    expect(meta.completed_at).toBe(final.timestamp);
    expect(meta.execution_time_ms).toBe(
      Date.parse(final.timestamp) - Date.parse(meta.started_at ?? ""),
    );
    expect(await stream.quietFor(200)).toBe(true);
    await stream.close();
  });

  it("emits task_completed for every terminal state and then refuses changes", async () => {
    const { services, u } = await setup();
    const contextId = await u.createContext();
    for (const state of ["failed", "canceled", "rejected"] as const) {
      const task = await u.task(contextId, `m-${state}`);
      const stream = await u.openStream();
      await updateTaskStatus(services, u.owner, task.id, { state });
      expect((await stream.take(2)).map((e) => e.event)).toEqual([
        "task_status_changed",
        "task_completed",
      ]);
      await expect(
        updateTaskStatus(services, u.owner, task.id, { state: "working" }),
      ).rejects.toMatchObject({ code: "conflict", message: `Task is already ${state}` });
      expect(await stream.quietFor(100)).toBe(true);
      await stream.close();
    }
  });

  it("keeps input-required and auth-required open", async () => {
    const { services, u } = await setup();
    const task = await u.task(await u.createContext(), "m-1");
    for (const state of ["input-required", "auth-required", "working", "completed"] as const) {
      const updated = await updateTaskStatus(services, u.owner, task.id, { state });
      expect(updated.status.state).toBe(state);
    }
  });

  it("validates tasks with the spec's message and writes nothing on refusal", async () => {
    const { services, u } = await setup();
    const contextId = await u.createContext();
    const stream = await u.openStream();
    const bad = { contextId, agentName: "assistant", taskType: "chat" } as unknown as Parameters<
      typeof createTask
    >[2];
    await expect(createTask(services, u.owner, bad)).rejects.toMatchObject({
      code: "validation_failed",
      message: "Invalid task: missing required metadata fields",
    });
    await expect(
      createTask(services, u.owner, {
        contextId,
        agentName: "assistant",
        taskType: "agent_message",
        initialMessage: { messageId: "x", role: "system", parts: [] },
      }),
    ).rejects.toMatchObject({ code: "validation_failed", message: "Invalid message" });
    const task = await u.task(contextId, "m-1");
    await stream.take(3);
    // The message id is taken: the whole task is rolled back, events included.
    await expect(u.task(contextId, "m-1")).rejects.toMatchObject({ code: "conflict" });
    await expect(
      updateTaskStatus(services, u.owner, task.id, { state: "paused" as "working" }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      message: expect.stringMatching(/^state/),
    });
    await expect(
      updateTaskStatus(services, u.owner, task.id, {
        state: "working",
        metadata: { input_tokens: -1 },
      }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    expect(await stream.quietFor(200)).toBe(true);
    const list = await (await u.get(`/contexts/${contextId}/tasks`)).json();
    expect(list).toHaveLength(1);
    await stream.close();
  });

  it("refuses a task id already taken and writes nothing", async () => {
    const { services, u } = await setup();
    const contextId = await u.createContext();
    const input = { contextId, agentName: "assistant", taskType: "agent_message" as const };
    await createTask(services, u.owner, { ...input, id: "task-taken" });
    const stream = await u.openStream();
    await expect(
      createTask(services, u.owner, {
        ...input,
        id: "task-taken",
        initialMessage: textMessage("m-new", "hello"),
      }),
    ).rejects.toMatchObject({ code: "conflict", message: "Task already exists" });
    expect(await stream.quietFor(150)).toBe(true);
    const list = await (await u.get(`/contexts/${contextId}/tasks`)).json();
    expect(list).toHaveLength(1);
    // The refused task's message was not kept either: its id is still free.
    const task = await u.task(contextId, "m-new");
    expect(task.history.map((m) => m.messageId)).toEqual(["m-new"]);
    await stream.close();
  });

  it("acts only in the owner's conversations and tasks", async () => {
    const { app, services, u: alice } = await setup();
    const bob = await taskUser(app);
    const contextId = await alice.createContext();
    const task = await alice.task(contextId, "m-a");
    const bobContext = await bob.createContext();
    const bobStream = await bob.openStream();
    const aliceStream = await alice.openStream();

    await expect(bob.task(contextId, "m-b")).rejects.toMatchObject({
      code: "not_found",
      message: "Context not found",
    });
    await expect(
      updateTaskStatus(services, bob.owner, task.id, { state: "canceled" }),
    ).rejects.toMatchObject({ code: "not_found", message: "Task not found" });
    await expect(
      appendMessage(services, bob.owner, { contextId, message: textMessage("m-b2", "x") }),
    ).rejects.toMatchObject({ code: "not_found", message: "Context not found" });
    await expect(
      appendMessage(services, bob.owner, {
        contextId: bobContext,
        taskId: task.id,
        message: textMessage("m-b3", "x"),
      }),
    ).rejects.toMatchObject({ code: "not_found", message: "Task not found" });

    expect(await aliceStream.quietFor(150)).toBe(true);
    expect(await bobStream.quietFor(50)).toBe(true);
    // Message ids are per user: Alice's id is free for Bob and tells him nothing.
    const bobs = await appendMessage(services, bob.owner, {
      contextId: bobContext,
      message: textMessage("m-a", "x"),
    });
    expect(bobs).toMatchObject({ messageId: "m-a", parts: [{ kind: "text", text: "x" }] });
    expect(await aliceStream.quietFor(100)).toBe(true);
    const read = taskSchema.parse(await (await alice.get(`/tasks/${task.id}`)).json());
    expect(read.status.state).toBe("submitted");
    expect(read.history).toEqual([
      expect.objectContaining({ messageId: "m-a", parts: [{ kind: "text", text: "hello" }] }),
    ]);
    await aliceStream.close();
    await bobStream.close();
  });
});
