import { connect, createServer } from "node:net";

/**
 * A TCP proxy handing each new connection to the next port in turn, as a load balancer in front
 * of replicas would (no health checks, no retries). Resolves with its URL and a way to close it.
 */
export async function startRoundRobinProxy(
  ports: number[],
): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const proxy = createServer((client) => {
    const upstream = connect(ports[next % ports.length] ?? 0, "127.0.0.1");
    next += 1;
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) =>
    proxy.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, () => resolve()),
  );
  const address = proxy.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close(() => resolve());
      }),
  };
}
