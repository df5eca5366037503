import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { loopbackServers } from "../test/loopback-servers.js";
import { GuardedFetchError, guardedFetch, type OutboundPolicy, vetUrl } from "./guarded-fetch.js";

const serve = loopbackServers();

const policy = (over: Partial<OutboundPolicy> = {}): OutboundPolicy => ({
  allowHosts: [],
  timeoutMs: 2000,
  maxBytes: 1024,
  maxRedirects: 3,
  ...over,
});

async function refusal(work: Promise<unknown>): Promise<GuardedFetchError> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(GuardedFetchError);
    return error as GuardedFetchError;
  }
  throw new Error("expected a refusal");
}

describe("vetUrl", () => {
  it("refuses schemes other than http and https, and credentials in the URL", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/", "gopher://x/", "not a url"])
      expect((await refusal(vetUrl(url, policy()))).reason).toBe("bad_url");
    expect((await refusal(vetUrl("http://u:p@example.com/", policy()))).reason).toBe("bad_url");
  });

  it.each([
    "http://127.0.0.1/",
    "http://[::1]/",
    "http://10.0.0.5/",
    "http://172.16.3.4/",
    "http://192.168.0.10/",
    "http://[fc00::2]/",
    "http://169.254.1.1/",
    "http://[fe80::1]/",
    "http://100.64.1.1/",
    "http://0.0.0.0/",
    "http://[::]/",
    "http://224.0.0.1/",
    "http://[ff02::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://localhost:8080/",
    "http://2130706433/",
  ])("refuses %s", async (url) => {
    const error = await refusal(vetUrl(url, policy({ resolve: async () => [] })));
    expect(error.reason).toBe("refused_address");
  });

  it("refuses a name when any of its addresses is private", async () => {
    const resolve = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.1", family: 4 },
    ];
    const error = await refusal(vetUrl("https://rebind.example/", policy({ resolve })));
    expect(error.message).toBe(
      "Address refused: private; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists rebind.example",
    );
  });

  it("pins a public name to its first resolved address", async () => {
    const resolve = async () => [{ address: "2606:4700::1111", family: 6 }];
    const target = await vetUrl("https://one.example/x", policy({ resolve }));
    expect(target).toMatchObject({ address: "2606:4700::1111", family: 6 });
  });

  it("lets allow-listed names, addresses and ranges through", async () => {
    const resolve = async () => [{ address: "10.1.1.1", family: 4 }];
    await expect(
      vetUrl("http://hooks.lan/", policy({ allowHosts: ["hooks.lan"], resolve })),
    ).resolves.toMatchObject({ address: "10.1.1.1" });
    await expect(
      vetUrl("http://hooks.lan/", policy({ allowHosts: ["10.0.0.0/8"], resolve })),
    ).resolves.toMatchObject({ address: "10.1.1.1" });
    await expect(
      vetUrl("http://localhost/", policy({ allowHosts: ["localhost"], resolve })),
    ).resolves.toBeDefined();
    await expect(
      vetUrl("http://169.254.169.254/", policy({ allowHosts: ["169.254.169.254"] })),
    ).resolves.toBeDefined();
    expect(
      (await refusal(vetUrl("http://10.2.2.2/", policy({ allowHosts: ["10.1.0.0/16"] })))).reason,
    ).toBe("refused_address");
  });

  it("reports a name that does not resolve without details", async () => {
    const resolve = async () => {
      throw new Error("ENOTFOUND secret detail");
    };
    const error = await refusal(vetUrl("http://nowhere.example/", policy({ resolve })));
    expect(error).toMatchObject({ reason: "dns_failed", message: "Host name did not resolve" });
  });
});

describe("guardedFetch", () => {
  it("refuses a loopback server unless it is allow-listed", async () => {
    const base = await serve((_req, res) => res.end("ok"));
    expect((await refusal(guardedFetch(`${base}/`, {}, policy()))).reason).toBe("refused_address");
    const res = await guardedFetch(`${base}/`, {}, policy({ allowHosts: ["127.0.0.1"] }));
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe("ok");
  });

  it("connects to the vetted address even when the URL names a host", async () => {
    const base = await serve((req, res) => res.end(`${req.method} ${req.headers.host}`));
    const port = new URL(base).port;
    const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    const res = await guardedFetch(
      `http://hooks.test:${port}/`,
      { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } },
      policy({ allowHosts: ["127.0.0.1"], resolve }),
    );
    expect(res.body.toString()).toBe(`POST hooks.test:${port}`);
  });

  it("stops reading past the size limit and never echoes the body", async () => {
    const base = await serve((_req, res) => res.end("secret-".repeat(1000)));
    const error = await refusal(
      guardedFetch(base, {}, policy({ allowHosts: ["127.0.0.1"], maxBytes: 1024 })),
    );
    expect(error.reason).toBe("too_large");
    expect(error.message).not.toContain("secret");
  });

  it("gives up after the time limit", async () => {
    const base = await serve(() => {
      // never answers
    });
    const started = Date.now();
    const error = await refusal(
      guardedFetch(base, {}, policy({ allowHosts: ["127.0.0.1"], timeoutMs: 200 })),
    );
    expect(error.reason).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("times out a slow name lookup too", async () => {
    const resolve = () => new Promise<never>(() => {});
    const error = await refusal(
      guardedFetch("http://slow.example/", {}, policy({ timeoutMs: 100, resolve })),
    );
    expect(error.reason).toBe("timeout");
  });

  it("follows a redirect only after vetting the next hop", async () => {
    const target = await serve((req, res) => res.end(`${req.method} ${req.url}`));
    const base = await serve((req, res) => {
      const to = req.url === "/private" ? "http://10.0.0.1/admin" : `${target}/landed`;
      res.writeHead(302, { location: to }).end("moved");
    });
    const allowed = policy({ allowHosts: ["127.0.0.1"] });
    const res = await guardedFetch(`${base}/ok`, { method: "POST", body: "x" }, allowed);
    expect(res.body.toString()).toBe("GET /landed");
    expect(res.url).toBe(`${target}/landed`);
    const error = await refusal(guardedFetch(`${base}/private`, {}, allowed));
    expect(error).toMatchObject({
      reason: "refused_address",
      message:
        "Address refused: private; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists 10.0.0.1",
    });
  });

  it("refuses a redirect to the metadata service and stops at the redirect limit", async () => {
    const base = await serve((req, res) => {
      const to = req.url === "/meta" ? "http://169.254.169.254/latest/" : "/loop";
      res.writeHead(307, { location: to }).end();
    });
    const allowed = policy({ allowHosts: ["127.0.0.1"], maxRedirects: 2 });
    expect((await refusal(guardedFetch(`${base}/meta`, {}, allowed))).reason).toBe(
      "refused_address",
    );
    expect((await refusal(guardedFetch(`${base}/loop`, {}, allowed))).reason).toBe(
      "too_many_redirects",
    );
    const none = await guardedFetch(`${base}/loop`, {}, { ...allowed, maxRedirects: 0 }).catch(
      (e: unknown) => e,
    );
    expect(none).toMatchObject({ reason: "too_many_redirects" });
  });

  it("sends only headers that describe the request when a redirect leaves the origin", async () => {
    const seen = (req: IncomingMessage) =>
      Object.keys(req.headers)
        .filter((name) => !["host", "connection", "content-length"].includes(name))
        .sort();
    const target = await serve((req, res) => res.end(JSON.stringify(seen(req))));
    const base = await serve((req, res) =>
      req.url === "/same"
        ? res.writeHead(307, { location: "/here" }).end()
        : req.url === "/here"
          ? res.end(JSON.stringify(seen(req)))
          : res.writeHead(307, { location: target }).end(),
    );
    const headers = {
      Authorization: "Bearer t",
      "X-A2A-Notification-Token": "t",
      // A stored custom header can carry a secret under any name.
      "X-Secret": "s",
      "Api-Auth": "s",
      Cookie: "c=1",
      Accept: "application/json",
      "A2A-Version": "1.0",
    };
    const allowed = policy({ allowHosts: ["127.0.0.1"] });
    const elsewhere = await guardedFetch(`${base}/other`, { headers }, allowed);
    expect(JSON.parse(elsewhere.body.toString())).toEqual(["a2a-version", "accept"]);
    const same = await guardedFetch(`${base}/same`, { headers }, allowed);
    expect(JSON.parse(same.body.toString())).toEqual([
      "a2a-version",
      "accept",
      "api-auth",
      "authorization",
      "cookie",
      "x-a2a-notification-token",
      "x-secret",
    ]);
  });

  it("reports a refused connection generically", async () => {
    // A port that was open a moment ago and is closed now.
    const server = createServer((_req, res) => res.end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const error = await refusal(
      guardedFetch(`http://127.0.0.1:${port}/`, {}, policy({ allowHosts: ["127.0.0.1"] })),
    );
    expect(error).toMatchObject({ reason: "network", message: "Connection failed" });
  });
});
