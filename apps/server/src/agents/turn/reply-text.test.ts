import { describe, expect, it } from "vitest";
import { ReplyText } from "./reply-text.js";

const hour = 3_600_000;

describe("ReplyText", () => {
  it("keeps the text, publishes the first piece at once and joins the rest until a flush", () => {
    const published: string[] = [];
    const reply = new ReplyText({
      limitBytes: 0,
      intervalMs: hour,
      publish: (p) => published.push(p),
    });
    expect(reply.add("The ")).toBeUndefined();
    expect(reply.add("answer ")).toBeUndefined();
    expect(reply.add("is")).toBeUndefined();
    expect(published).toEqual(["The "]);
    reply.flush();
    expect(published).toEqual(["The ", "answer is"]);
    expect(reply.text).toBe("The answer is");
  });

  it("publishes each piece at once without an interval", () => {
    const published: string[] = [];
    const reply = new ReplyText({
      limitBytes: 0,
      intervalMs: 0,
      publish: (p) => published.push(p),
    });
    reply.add("a");
    reply.add("b");
    expect(published).toEqual(["a", "b"]);
  });

  it("keeps what fits under the limit and says why it stopped, then takes nothing more", () => {
    const published: string[] = [];
    const reply = new ReplyText({
      limitBytes: 6,
      intervalMs: 0,
      publish: (p) => published.push(p),
    });
    expect(reply.add("abcd")).toBeUndefined();
    expect(reply.add("efgh")).toBe(
      "The agent's reply was stopped: it passed the 6 B limit for one reply.",
    );
    expect(reply.text).toBe("abcdef");
    reply.add("more");
    expect(reply.text).toBe("abcdef");
    expect(published).toEqual(["abcd", "ef"]);
  });

  it("publishes nothing for an empty piece and keeps one message id", () => {
    const published: string[] = [];
    const reply = new ReplyText({
      limitBytes: 0,
      intervalMs: 0,
      publish: (p) => published.push(p),
    });
    const id = reply.messageId;
    reply.add("");
    reply.flush();
    expect(published).toEqual([]);
    expect(reply.messageId).toBe(id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
