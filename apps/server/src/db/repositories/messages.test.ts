import { expect, it } from "vitest";
import { appendMessage } from "../../tasks/message-commands.js";
import { createTestApp } from "../../test/app.js";
import { nextMillisecond } from "../../test/clock.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser, textMessage } from "../../test/tasks.js";
import { MessagesRepository } from "./messages.js";

describeEachDialect("MessagesRepository.listForLatestTasks", (get) => {
  it("reads the messages of the latest updated tasks, grouped by task in creation order", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const contextId = await u.createContext();
    const other = await u.createContext();
    const first = await u.task(contextId, "a-1", "first");
    await nextMillisecond();
    await u.task(contextId, "b-1", "second");
    await nextMillisecond();
    const third = await u.task(contextId, "c-1", "third");
    await u.task(other, "elsewhere", "not this conversation");
    await nextMillisecond();
    // The first task is updated last: it is among the latest, but still comes first.
    await appendMessage(app.services, u.owner, {
      contextId,
      taskId: first.id,
      message: textMessage("a-2", "first again", "agent"),
    });
    await nextMillisecond();
    await appendMessage(app.services, u.owner, {
      contextId,
      taskId: third.id,
      message: textMessage("c-2", "third again", "agent"),
    });
    const repo = new MessagesRepository(get().db.kysely);
    const ids = async (limit: number) =>
      (await repo.listForLatestTasks(contextId, limit)).map((row) => row.id);
    expect(await ids(3)).toEqual(["a-1", "a-2", "b-1", "c-1", "c-2"]);
    expect(await ids(2)).toEqual(["a-1", "a-2", "c-1", "c-2"]);
    expect(await ids(1)).toEqual(["c-1", "c-2"]);
  });
});
