import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listenerWithFastPath } from "./health-fast-path.js";
import { createTurnGate, gatedListener, type TurnGate } from "./turn-gate.js";

const gates: TurnGate[] = [];
afterEach(() => {
  for (const gate of gates.splice(0)) gate.close();
});

function gate(options: Parameters<typeof createTurnGate>[0]): TurnGate {
  const made = createTurnGate(options);
  gates.push(made);
  return made;
}

/** Counts check phases (turns of the loop) until stopped; queued before the gate's immediates. */
function turnCounter(): { turn(): number; stop(): void } {
  let turn = 0;
  let running = true;
  const tick = () => {
    turn += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return { turn: () => turn, stop: () => (running = false) };
}

const later = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
const nextTurns = async (n: number) => {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe("turn gate", () => {
  it("starts a request at once while the loop keeps up", () => {
    const started: string[] = [];
    const g = gate({ lagging: () => false });
    g.admit(() => started.push("a"));
    expect(started).toEqual(["a"]);
    expect(g.waiting).toBe(0);
  });

  it("queues requests while the loop lags and starts at least one, in order, per turn", async () => {
    const turns = turnCounter();
    const started: { name: string; turn: number }[] = [];
    const g = gate({ lagging: () => true, budgetMs: 0 });
    for (const name of ["a", "b", "c"]) {
      g.admit(() => started.push({ name, turn: turns.turn() }), { known: true });
    }
    expect(started).toEqual([]);
    expect(g.waiting).toBe(3);
    await nextTurns(6);
    turns.stop();
    expect(started.map((s) => s.name)).toEqual(["a", "b", "c"]);
    const [a, b, c] = started.map((s) => s.turn);
    expect(b).toBeGreaterThan(a as number);
    expect(c).toBeGreaterThan(b as number);
    expect(g.waiting).toBe(0);
  });

  it("starts several requests in one turn while the turn's budget lasts", async () => {
    const turns = turnCounter();
    const started: number[] = [];
    const g = gate({ lagging: () => true, budgetMs: 60_000 });
    for (let i = 0; i < 5; i += 1) g.admit(() => started.push(turns.turn()));
    await nextTurns(3);
    turns.stop();
    expect(started).toHaveLength(5);
    expect(new Set(started).size).toBe(1);
  });

  it("serves known clients first and a newcomer every few starts", async () => {
    const started: string[] = [];
    const g = gate({ lagging: () => true, budgetMs: 0, newcomerEvery: 3 });
    g.admit(() => started.push("new1"));
    g.admit(() => started.push("new2"));
    for (const name of ["k1", "k2", "k3", "k4", "k5"]) {
      g.admit(() => started.push(name), { known: true });
    }
    await nextTurns(12);
    expect(started).toEqual(["k1", "k2", "new1", "k3", "k4", "new2", "k5"]);
  });

  it("skips a request whose client left while it waited", async () => {
    const started: string[] = [];
    let left = false;
    const g = gate({ lagging: () => true, budgetMs: 0 });
    g.admit(() => started.push("a"), { gone: () => left, known: true });
    g.admit(() => started.push("b"), { known: true });
    left = true;
    await nextTurns(4);
    expect(started).toEqual(["b"]);
  });

  it("starts what waits when closed, and everything at once after", () => {
    const started: string[] = [];
    const g = gate({ lagging: () => true });
    g.admit(() => started.push("a"));
    g.admit(() => started.push("b"));
    g.close();
    expect(started).toEqual(["a", "b"]);
    g.admit(() => started.push("c"));
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("notices a blocked loop by itself", async () => {
    const g = gate({ lagMs: 5 });
    const started: string[] = [];
    g.admit(() => started.push("first"));
    expect(started).toEqual(["first"]);
    await later(15);
    // Block the loop well past the lag that counts as overload; the watch's timer fires late.
    const until = performance.now() + 60;
    while (performance.now() < until) {
      // busy
    }
    await later(0);
    g.admit(() => started.push("second"));
    expect(started).toEqual(["first"]);
    expect(g.waiting).toBe(1);
    await nextTurns(2);
    expect(started).toEqual(["first", "second"]);
  });
});

describe("gated listener", () => {
  it("answers the health path before the gate and marks a connection's later requests known", async () => {
    const admitted: { url: string | undefined; known: boolean | undefined }[] = [];
    const health = (req: IncomingMessage, res: ServerResponse) => {
      if (req.url !== "/health") return false;
      res.end("ok");
      return true;
    };
    const gated = gatedListener(
      {
        admit(start, options) {
          admitted.push({ url: undefined, known: options?.known });
          start();
        },
      },
      (req: IncomingMessage, res) => {
        const last = admitted.at(-1);
        if (last) last.url = req.url;
        res.end("rest");
      },
    );
    const listener = listenerWithFastPath(health, gated);
    const server = createServer({ keepAlive: true }, listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<string>((resolve, reject) => {
        request({ port, host: "127.0.0.1", path, agent }, (res) => {
          let body = "";
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () => resolve(body));
        })
          .on("error", reject)
          .end();
      });
    try {
      expect(await get("/health")).toBe("ok");
      expect(await get("/a")).toBe("rest");
      expect(await get("/b")).toBe("rest");
    } finally {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    // The health check is answered before the gate and does not count: /a is the first through it.
    expect(admitted).toEqual([
      { url: "/a", known: false },
      { url: "/b", known: true },
    ]);
  });
});
