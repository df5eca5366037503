import { expect, it } from "vitest";
import { appSandboxPath } from "../../http/middleware/security-headers.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";

describeEachDialect("GET /mcp-app-sandbox", (get) => {
  it("serves the sandbox proxy, framable by this site only, with its own policy", async () => {
    const app = createTestApp(get());
    const res = await app.request(appSandboxPath);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    // Pages of this site may not be framed at all; this one is made to be framed by it.
    expect(res.headers.get("x-frame-options")).toBeNull();
    const policy = res.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("object-src 'none'");
    const html = await res.text();
    // It relays only between its parent and the app frame it made, and loads the app with an
    // opaque origin (never allow-same-origin).
    expect(html).toContain('inner.setAttribute("sandbox", "allow-scripts allow-forms")');
    expect(html).not.toContain("allow-same-origin");
    expect(html).toContain("event.source === host");
    expect(html).toContain("event.source === inner.contentWindow");
    expect(html).toContain("ui/notifications/sandbox-proxy-ready");
  });

  it("leaves the other pages' headers as they were", async () => {
    const app = createTestApp(get());
    const res = await app.request("/api/v1/mcp/registry");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
