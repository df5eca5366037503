import { type ClientRequest, request } from "node:http";

/** What one lightweight bench connection has seen. */
export interface SseStats {
  lastId: number;
  received: number;
  outOfOrder: number;
}

/**
 * A minimal SSE reader for load tests: one raw HTTP connection, frames split on blank lines, only
 * `id:` and the envelope's timestamp read. Cheap enough to hold ten thousand in one process.
 */
export class BenchSseClient {
  readonly stats: SseStats = { lastId: -1, received: 0, outOfOrder: 0 };
  private req: ClientRequest | undefined;
  private buffer = "";

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly onEvent: (latencyMs: number) => void,
  ) {}

  /** Resolves once the snapshot arrived. */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const req = request(
        this.url,
        { headers: { authorization: `Bearer ${this.token}` }, agent: false },
        (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`stream answered ${res.statusCode}`));
            res.resume();
            return;
          }
          res.setEncoding("utf8");
          let snapshotSeen = false;
          res.on("data", (chunk: string) => {
            this.buffer += chunk;
            let end = this.buffer.indexOf("\n\n");
            while (end >= 0) {
              const frame = this.buffer.slice(0, end);
              this.buffer = this.buffer.slice(end + 2);
              const kind = this.handle(frame);
              if (kind === "snapshot" && !snapshotSeen) {
                snapshotSeen = true;
                resolve();
              }
              end = this.buffer.indexOf("\n\n");
            }
          });
        },
      );
      req.on("error", reject);
      req.end();
      this.req = req;
    });
  }

  close(): void {
    this.req?.destroy();
  }

  private handle(frame: string): string | undefined {
    let id: number | undefined;
    let event: string | undefined;
    let data = "";
    for (const line of frame.split("\n")) {
      if (line.startsWith("id: ")) id = Number(line.slice(4));
      else if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data = line.slice(6);
    }
    if (id === undefined) return event;
    if (event === "snapshot") {
      this.stats.lastId = id;
      return event;
    }
    if (id !== this.stats.lastId + 1) this.stats.outOfOrder++;
    this.stats.lastId = id;
    this.stats.received++;
    const timestamp = Date.parse((JSON.parse(data) as { timestamp: string }).timestamp);
    this.onEvent(Date.now() - timestamp);
    return event;
  }
}
