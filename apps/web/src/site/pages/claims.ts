/**
 * The website's claims about the companion app (tools spec §1), worded once and shown on the page
 * a reader looks for each: features, pricing, integrations, authentication, requirements, support.
 */
export const claims = {
  unlimited:
    "Connect unlimited tool servers with unlimited tools in total, over a streaming transport: server-sent events (SSE) or streamable HTTP.",
  authOptions: ["OAuth 2.0 with PKCE (S256)", "bearer token", "API key", "custom headers", "none"],
  voiceTools:
    "Choose up to 20 tools for voice conversations; every tool stays usable by hand on the tool execution screen.",
  microphone: "Voice needs microphone permission; text works without it.",
  requirements: "Requires iOS 14.0 or later, or Android 8.0 or later.",
  subscription:
    "One subscription type, billed through the App Store or Google Play, with the same limits for everyone.",
  price: "$15/month after a 7-day free trial",
  beta: "Free during the beta.",
  promise:
    "Any HTTPS streamable server that works with the official MCP Inspector will work. If it does not, we fix it within 48 hours, or your subscription is free until it is fixed.",
  people:
    "A2A Chat is run by a single person and is community driven. It is an early version: expect rough edges, and tell us about them.",
} as const;

/** `a, b, c or d`. */
export function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** The pre-configured integrations of the companion app (tools spec §1), with their guide pages. */
export const integrations = [
  { name: "GitHub", kind: "code host", href: "/documentation/modules/github" },
  { name: "Reddit", kind: "forum (read-only, no sign-in)", href: "/documentation/modules/reddit" },
  { name: "Sentry", kind: "error tracker", href: "/documentation/modules/sentry" },
  { name: "Make", kind: "workflow automation", href: "/documentation/modules/make" },
  { name: "Shopify", kind: "e-commerce platform", href: "/documentation/modules/shopify" },
  {
    name: "Server marketplace",
    kind: "browse and add community servers",
    href: "/documentation/starting/preconfigured",
  },
  { name: "Linear", kind: "project tracking (documented)", href: "/documentation/modules/linear" },
] as const;
