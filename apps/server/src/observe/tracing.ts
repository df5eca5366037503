import type { Attributes, Span, Tracer } from "@opentelemetry/api";

/**
 * The server's tracing, as the code doing the work sees it. Off (no OTLP endpoint) every helper
 * here is a plain call: `tracer` stays undefined and nothing is started, injected or allocated.
 * On, tracing-sdk.ts sets the tracer after registering the SDK (provider, async-local context,
 * W3C trace context), with `@opentelemetry/api`, which tracing-sdk.ts imports: off, not even the
 * API is loaded (the AI SDK imports it too, but only once a model is first used).
 *
 * Attributes carry no ids, no message text and no secrets: route templates, configured names,
 * bounded outcomes and counts only.
 */
let tracer: Tracer | undefined;
/** The OpenTelemetry API, set with the tracer (only used while a tracer is set). */
let api: typeof import("@opentelemetry/api");

/** Sets (or, with undefined, clears) the tracer the helpers use; tracing-sdk.ts calls it. */
export function useTracer(value: Tracer | undefined, otelApi?: typeof api): void {
  tracer = value;
  if (otelApi) api = otelApi;
}

/** Whether spans are recorded (an OTLP endpoint is configured and the SDK started). */
export function tracingOn(): boolean {
  return tracer !== undefined;
}

/** What a span starts with: its kind (internal by default) and its first attributes. */
export interface SpanStart {
  kind?: "server" | "client" | "internal";
  attributes?: Attributes;
  /** The context it continues (an incoming request's); the active one by default. */
  parentHeaders?: Record<string, string | undefined>;
}

/** A started span as the instrumented code uses it; all no-ops when tracing is off. */
export interface SpanHandle {
  set(name: string, value: string | number | boolean): void;
  rename(name: string): void;
  /** Marks the span failed; `reason` is a bounded word, never an error's text. */
  fail(reason: string): void;
}

const kind = (name: SpanStart["kind"]) =>
  ({ server: api.SpanKind.SERVER, client: api.SpanKind.CLIENT, internal: api.SpanKind.INTERNAL })[
    name ?? "internal"
  ];

const offHandle: SpanHandle = { set() {}, rename() {}, fail() {} };

function handleOf(span: Span): SpanHandle {
  return {
    set: (name, value) => span.setAttribute(name, value),
    rename: (name) => span.updateName(name),
    fail: (reason) => {
      span.setAttribute("error.type", reason);
      span.setStatus({ code: api.SpanStatusCode.ERROR });
    },
  };
}

/**
 * Runs `work` inside a new span made active for it (so spans and outbound headers started in it
 * are its children) and ends the span when `work` settles; a throw marks it failed with the
 * error's class name, never its message. Off, it just runs `work`.
 */
export function inSpan<T>(
  name: string,
  start: SpanStart,
  work: (span: SpanHandle) => Promise<T>,
): Promise<T> {
  if (!tracer) return work(offHandle);
  const parent = start.parentHeaders
    ? api.propagation.extract(api.context.active(), start.parentHeaders)
    : api.context.active();
  const options = { kind: kind(start.kind), attributes: start.attributes };
  return tracer.startActiveSpan(name, options, parent, async (span) => {
    try {
      return await work(handleOf(span));
    } catch (error) {
      span.setAttribute("error.type", error instanceof Error ? error.name : "error");
      span.setStatus({ code: api.SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span ended by hand (one that outlives the call that starts it, e.g. a model's stream). */
export interface OpenSpan extends SpanHandle {
  end(): void;
}

/** Starts a child of the active span without making it active; undefined when tracing is off. */
export function openSpan(name: string, start: SpanStart): OpenSpan | undefined {
  if (!tracer) return undefined;
  const options = { kind: kind(start.kind), attributes: start.attributes };
  const span = tracer.startSpan(name, options);
  return { ...handleOf(span), end: () => span.end() };
}

/** The active trace's id (32 hex digits), or undefined when tracing is off or none is active. */
export function activeTraceId(): string | undefined {
  if (!tracer) return undefined;
  // A span the sampler left out still carries the trace's id (and passes it on).
  return api.trace.getActiveSpan()?.spanContext().traceId;
}

/** Adds the active span's W3C trace context (`traceparent`, `tracestate`) to `headers`. */
export function injectTraceContext(headers: Headers | Record<string, string>): void {
  if (!tracer) return;
  const carrier: Record<string, string> = {};
  api.propagation.inject(api.context.active(), carrier);
  for (const [name, value] of Object.entries(carrier)) {
    if (headers instanceof Headers) headers.set(name, value);
    else headers[name] = value;
  }
}

/**
 * A fetch that sends the trace context of the span active at each call (a session's requests
 * each carry their own call's span). Off, the fetch given is returned as it is.
 */
export function fetchWithTraceContext(fetchImpl: typeof fetch): typeof fetch {
  if (!tracer) return fetchImpl;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    injectTraceContext(headers);
    return fetchImpl(input, { ...init, headers });
  };
}
