import { a2aClient, sendParams, textMessage } from "../apps/server/src/test/a2a.js";

/** A long conversation seeded through A2A in the browser user's own session. */
export interface SeededConversation {
  contextId: string;
  name: string;
  tasks: number;
  newestText: string;
  ms: number;
}

/** Text of the last message sent, sent alone so that it is the newest. */
const newestText = "bench newest message";

/** Creates a conversation and sends it `tasks` messages (`concurrency` at a time), the last alone. */
export async function seedConversation(
  url: string,
  token: string,
  agent: string,
  tasks: number,
  concurrency: number,
): Promise<SeededConversation> {
  const started = performance.now();
  const name = "Long conversation";
  const res = await fetch(`${url}/api/v1/core/contexts`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (!res.ok) throw new Error(`creating the conversation answered ${res.status}`);
  const { context_id: contextId } = (await res.json()) as { context_id: string };
  const fetchImpl: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    request.headers.set("authorization", `Bearer ${token}`);
    return fetch(request);
  };
  const client = await a2aClient(fetchImpl, agent, url);
  const send = (text: string) => client.sendMessage(sendParams(textMessage(contextId, text)));
  let next = 0;
  const worker = async () => {
    while (next < tasks - 1) {
      const index = next++;
      await send(`seed message ${index}`);
      if (index % 500 === 499) console.log(`web-chat: seeded ${index + 1}/${tasks} messages`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await send(newestText);
  return { contextId, name, tasks, newestText, ms: performance.now() - started };
}
