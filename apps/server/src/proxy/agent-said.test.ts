import { Role, type Message as SdkMessage } from "@a2a-js/sdk";
import { describe, expect, it } from "vitest";
import { AgentSaid, saidIn } from "./agent-said.js";

function agentMessage(messageId: string, text: string, delta = false): SdkMessage {
  return {
    messageId,
    contextId: "c",
    taskId: "t",
    role: Role.ROLE_AGENT,
    parts: [
      {
        content: { $case: "text", value: text },
        metadata: undefined,
        filename: "",
        mediaType: "text/plain",
      },
    ],
    metadata: delta ? { a2a_chat_delta: true } : undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

describe("saidIn", () => {
  it("reads a message's text and whether it is a marked piece", () => {
    expect(saidIn(agentMessage("m", "hi"))).toEqual({ id: "m", text: "hi", piece: false });
    expect(saidIn(agentMessage("m", "hi", true))).toEqual({ id: "m", text: "hi", piece: true });
    expect(saidIn(agentMessage("m", ""))).toBeUndefined();
    expect(saidIn({ ...agentMessage("m", "typed"), role: Role.ROLE_USER })).toBeUndefined();
  });
});

describe("AgentSaid", () => {
  it("keeps every whole message, equal ones too, and replaces one sent again with its id", () => {
    const said = new AgentSaid();
    const events = ["a", "b", "c", "b"].flatMap((id, i) =>
      said.events({ id, text: i < 3 ? "ha " : "ho ", piece: false }),
    );
    expect(events.map((e) => e.kind)).toEqual(["message", "message", "message", "message"]);
    const ids = events.map((e) => (e.kind === "message" ? e.messageId : ""));
    expect(new Set(ids.slice(0, 3)).size).toBe(3);
    expect(ids[3]).toBe(ids[1]);
    expect(events.map((e) => (e.kind === "message" ? e.text : ""))).toEqual([
      "ha ",
      "ha ",
      "ha ",
      "ho ",
    ]);
  });

  it("gives a message without an id a new one each time", () => {
    const said = new AgentSaid();
    const [first, second] = [
      ...said.events({ id: "", text: "x", piece: false }),
      ...said.events({ id: "", text: "x", piece: false }),
    ];
    expect(
      first?.kind === "message" &&
        second?.kind === "message" &&
        first.messageId !== second.messageId,
    ).toBe(true);
  });

  it("streams this product's marked pieces as reply text, equal pieces included, and takes their whole as that text", () => {
    const said = new AgentSaid();
    const events = [
      ...said.events({ id: "r", text: "ha ", piece: true }),
      ...said.events({ id: "r", text: "ha ", piece: true }),
      ...said.events({ id: "r", text: "ha ha ", piece: false }),
    ];
    expect(events).toEqual([
      { kind: "text-delta", text: "ha " },
      { kind: "text-delta", text: "ha " },
    ]);
  });

  it("streams what a whole adds to the pieces, and keeps a whole that differs as a message of its own", () => {
    const said = new AgentSaid();
    said.events({ id: "r", text: "Hello", piece: true });
    expect(said.events({ id: "r", text: "Hello world", piece: false })).toEqual([
      { kind: "text-delta", text: " world" },
    ]);
    const other = said.events({ id: "r", text: "Something else", piece: false });
    expect(other).toEqual([
      { kind: "message", messageId: expect.any(String), text: "Something else" },
    ]);
  });
});
