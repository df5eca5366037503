import { describe, expect, it } from "vitest";
import type { OutboundPolicy } from "../net/guarded-fetch.js";
import { loopbackServers } from "../test/loopback-servers.js";
import { absoluteHttpUrl, chooseEndpoint, discoverAgent } from "./agent-card-discovery.js";

const serve = loopbackServers();

const policy = (over: Partial<OutboundPolicy> = {}): OutboundPolicy => ({
  allowHosts: ["127.0.0.1"],
  timeoutMs: 2000,
  maxBytes: 64 * 1024,
  maxRedirects: 3,
  ...over,
});

const jsonRpc = (url: string, protocolVersion = "1.0") => ({
  url,
  protocolBinding: "JSONRPC",
  protocolVersion,
});

describe("absoluteHttpUrl", () => {
  it("takes only absolute http(s) URLs without userinfo", () => {
    expect(absoluteHttpUrl(" https://agent.example/a2a ")).toBe("https://agent.example/a2a");
    for (const bad of [
      "javascript:alert(1)",
      "data:text/plain,x",
      "/a2a",
      "//evil.example/a2a",
      "ftp://agent.example/",
      "https://user:pass@agent.example/",
      "http://",
      42,
      undefined,
    ])
      expect(absoluteHttpUrl(bad)).toBeUndefined();
  });
});

describe("chooseEndpoint", () => {
  const entered = "https://agent.example/base";

  it("prefers the entered origin over another one, whatever the card's order", () => {
    const card = {
      supportedInterfaces: [
        jsonRpc("https://elsewhere.example/a2a"),
        jsonRpc("https://agent.example/a2a"),
      ],
    };
    expect(chooseEndpoint(card, entered)).toEqual({
      endpoint: "https://agent.example/a2a",
      protocol: "1.0",
    });
    // Without an entered URL, the card's order decides.
    expect(chooseEndpoint(card)?.endpoint).toBe("https://elsewhere.example/a2a");
  });

  it("prefers 1.0 to 0.3 on the same origin, even when 0.3 is listed first", () => {
    const card = {
      supportedInterfaces: [
        jsonRpc("https://agent.example/v03", "0.3"),
        jsonRpc("https://agent.example/v1", "1.0"),
      ],
    };
    expect(chooseEndpoint(card, entered)).toEqual({
      endpoint: "https://agent.example/v1",
      protocol: "1.0",
    });
  });

  it("takes 0.3 on the entered origin before 1.0 on another", () => {
    const card = {
      supportedInterfaces: [
        jsonRpc("https://elsewhere.example/v1", "1.0"),
        jsonRpc("https://agent.example/v03", "0.3"),
      ],
    };
    expect(chooseEndpoint(card, entered)).toEqual({
      endpoint: "https://agent.example/v03",
      protocol: "0.3",
    });
  });

  it("reads a 0.3 card's url, preferred transport and additional interfaces", () => {
    const card = {
      url: "https://agent.example/grpc",
      preferredTransport: "GRPC",
      additionalInterfaces: [
        { url: "javascript:alert(1)", transport: "JSONRPC" },
        { url: "https://agent.example/jsonrpc", transport: "JSONRPC" },
      ],
    };
    expect(chooseEndpoint(card, entered)).toEqual({
      endpoint: "https://agent.example/jsonrpc",
      protocol: "0.3",
    });
  });

  it("finds nothing usable in a card of bad URLs and other bindings", () => {
    const card = {
      supportedInterfaces: [
        jsonRpc("javascript:alert(1)"),
        jsonRpc("//evil.example/a2a"),
        { url: "https://agent.example/grpc", protocolBinding: "GRPC", protocolVersion: "1.0" },
        "not an object",
      ],
    };
    expect(chooseEndpoint(card, entered)).toBeUndefined();
  });
});

describe("discoverAgent", () => {
  const card = (url: string) => ({ name: "Agent", supportedInterfaces: [jsonRpc(url)] });

  it("says the card is too large, and reads nothing past the limit", async () => {
    let sent = 0;
    const base = await serve((_req, res) => {
      const huge = JSON.stringify({ ...card("http://127.0.0.1/"), padding: "x".repeat(200_000) });
      sent += huge.length;
      res.writeHead(200, { "content-type": "application/json" }).end(huge);
    });
    await expect(discoverAgent(base, policy())).rejects.toThrow(
      `Error connecting to agent: Failed to fetch agent card from ${base} (the card is too large)`,
    );
    expect(sent).toBeGreaterThan(0);
  });

  it("says a card that does not come in time timed out, at both locations", async () => {
    const base = await serve((_req, res) => {
      // Headers at once, the body never: a slow card, not a refused connection.
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"name":');
    });
    const started = Date.now();
    await expect(discoverAgent(base, policy({ timeoutMs: 200 }))).rejects.toThrow(
      `Error connecting to agent: Failed to fetch agent card from ${base} (timed out)`,
    );
    // Each location has its own time limit; neither waits for the body forever.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("names the steps that failed at each location: a status, then not a card", async () => {
    const base = await serve((req, res) => {
      if (req.url === "/.well-known/agent-card.json") res.writeHead(404).end();
      else res.writeHead(200, { "content-type": "application/json" }).end('{"hello":1}');
    });
    await expect(discoverAgent(base, policy())).rejects.toThrow(
      `Error connecting to agent: Failed to fetch agent card from ${base} (HTTP status 404; protocol: not an agent card)`,
    );
  });

  it("refuses a name that resolves to loopback without asking the fallback", async () => {
    const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    await expect(
      discoverAgent("http://agent.example", policy({ allowHosts: [], resolve })),
    ).rejects.toThrow(
      "Error connecting to agent: Failed to fetch agent card from http://agent.example (Address refused: loopback; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists agent.example)",
    );
  });

  it("refuses a card that redirects to a private address", async () => {
    const base = await serve((_req, res) =>
      res.writeHead(302, { location: "http://192.168.1.10/card.json" }).end(),
    );
    await expect(discoverAgent(base, policy())).rejects.toThrow(
      `Error connecting to agent: Failed to fetch agent card from ${base} (Address refused: private; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists 192.168.1.10)`,
    );
  });

  it("chooses the interface on the entered origin from a card listing another first", async () => {
    const base = await serve((_req, res) =>
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          name: "Agent",
          supportedInterfaces: [jsonRpc("https://elsewhere.example/a2a"), jsonRpc(`${base}/a2a`)],
        }),
      ),
    );
    const found = await discoverAgent(base, policy());
    expect(found).toMatchObject({ endpoint: `${base}/a2a`, protocol: "1.0" });
  });
});
