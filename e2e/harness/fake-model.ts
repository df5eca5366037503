import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local OpenAI-compatible server for benches and browser tests (no network, no real model).
 * Mirrors the wire format of apps/server/src/agents/providers/fake-openai-server.ts
 * (chat.completion.chunk server-sent events, then `data: [DONE]`). The last user message says what
 * to stream: `tokens:<n> tag:<id> [gapMs:<ms>]` streams token i as the text `t<i> ` and records
 * the moment each one is written under the tag (performance.now(), the same clock the bench client
 * reads); `markdown:<paragraphs> [gapMs:<ms>]` streams a deterministic markdown document of that
 * many paragraphs word by word (see markdownDocument); `holdAt:<i>` (with a tag) pauses before
 * token i until the test calls `release(tag)`, so a reply is certainly still going while a test
 * acts on it, however slow the machine; `history?` answers "Seen: " and the text of
 * every user message it was given, joined by " | ". Any other message gets a short reply.
 */
export interface FakeTokenProvider {
  /** Base URL including /v1, as the compatible provider expects it. */
  baseUrl: string;
  /** Write times of each token, by tag; taken (and forgotten) by the caller. */
  takeSendTimes(tag: string): number[] | undefined;
  /** Lets the reply tagged `tag` go on past its `holdAt` token (at once if it is not there yet). */
  release(tag: string): void;
  close(): Promise<void>;
}

interface ChatBody {
  model: string;
  messages: { role: string; content?: unknown }[];
}

function lastUserText(body: ChatBody): string {
  const last = [...body.messages].reverse().find((m) => m.role === "user");
  return last ? textOf(last) : "";
}

function textOf(message: { content?: unknown }): string {
  const content = message.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) =>
        typeof part === "object" && part !== null && "text" in part ? String(part.text) : "",
      )
      .join("");
  }
  return "";
}

export async function startFakeTokenProvider(): Promise<FakeTokenProvider> {
  const sendTimes = new Map<string, number[]>();
  const holds = new Map<string, { released: Promise<void>; release: () => void }>();
  const holdOf = (tag: string) => {
    let hold = holds.get(tag);
    if (!hold) {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = { released, release };
      holds.set(tag, hold);
    }
    return hold;
  };
  const server = createServer({ noDelay: true }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatBody;
    const prompt = lastUserText(body);
    const paragraphs = /markdown:(\d+)/.exec(prompt)?.[1];
    // "history?" answers with every user message the model was given, so a test sees its history.
    const seen = /history\?/.test(prompt)
      ? [
          "Seen: ",
          body.messages
            .filter((m) => m.role === "user")
            .map(textOf)
            .join(" | "),
        ]
      : undefined;
    const pieces = seen
      ? seen
      : paragraphs
        ? markdownTokens(Number(paragraphs))
        : /tokens:(\d+)/.test(prompt)
          ? undefined
          : ["Hello ", "from ", "the ", "fake ", "model."];
    const count = pieces?.length ?? Number(/tokens:(\d+)/.exec(prompt)?.[1] ?? 10);
    const tag = /tag:(\S+)/.exec(prompt)?.[1] ?? "untagged";
    const gapMs = Number(/gapMs:(\d+)/.exec(prompt)?.[1] ?? 0);
    const holdAt = Number(/holdAt:(\d+)/.exec(prompt)?.[1] ?? -1);
    const times: number[] = new Array(count);
    sendTimes.set(tag, times);

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const head = `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":${Math.floor(Date.now() / 1000)},"model":"${body.model}","choices":[{"index":0,"delta":`;
    const write = async (line: string): Promise<void> => {
      if (!res.write(line)) await once(res, "drain");
    };
    await write(`${head}{"role":"assistant","content":""},"finish_reason":null}]}\n\n`);
    for (let i = 0; i < count; i += 1) {
      if (i === holdAt) await holdOf(tag).released;
      if (res.destroyed) return;
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      times[i] = performance.now();
      const content = JSON.stringify(pieces ? pieces[i] : `t${i} `);
      await write(`${head}{"content":${content}},"finish_reason":null}]}\n\n`);
    }
    await write(`${head}{},"finish_reason":"stop"}]}\n\n`);
    await write(
      `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":0,"model":"${body.model}","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":${count},"total_tokens":${count + 5}}}\n\n`,
    );
    res.end("data: [DONE]\n\n");
  }

  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    takeSendTimes: (tag) => {
      const times = sendTimes.get(tag);
      sendTimes.delete(tag);
      return times;
    },
    release: (tag) => holdOf(tag).release(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const words = [
  "agents",
  "stream",
  "their",
  "replies",
  "token",
  "by",
  "token",
  "while",
  "the",
  "browser",
  "renders",
  "markdown",
  "with",
  "**bold**",
  "words",
  "and",
  "`inline code`",
  "in",
  "each",
  "line",
];

/**
 * A markdown document of `paragraphs` paragraphs (every fifth a short list, every seventh a
 * heading before it), about 40 words each, the same every time.
 */
export function markdownDocument(paragraphs: number): string {
  const blocks: string[] = [];
  for (let p = 0; p < paragraphs; p += 1) {
    if (p % 7 === 0) blocks.push(`## Section ${p / 7 + 1}`);
    if (p % 5 === 4) {
      blocks.push(["- first point", "- second point", "- third point"].join("\n"));
      continue;
    }
    const sentence = Array.from({ length: 40 }, (_, i) => words[(p * 3 + i) % words.length]);
    blocks.push(`Paragraph ${p + 1}: ${sentence.join(" ")}.`);
  }
  return blocks.join("\n\n");
}

/** The document split into word-sized tokens (each word with the whitespace after it). */
export function markdownTokens(paragraphs: number): string[] {
  return markdownDocument(paragraphs).match(/\S+\s*/g) ?? [];
}
