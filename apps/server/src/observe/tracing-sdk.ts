import type { Logger } from "../log/logger.js";
import { version } from "../version.js";
import { useTracer } from "./tracing.js";

/** The process's running tracing: flushes and stops the SDK (on shutdown, in tests). */
export interface Tracing {
  /** Where spans go (the traces endpoint, `/v1/traces` on the OTLP endpoint). */
  url: string;
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Sends what is left and unregisters the SDK; the helpers go back to plain calls. */
  shutdown(): Promise<void>;
}

type Env = Record<string, string | undefined>;

/**
 * Where spans go, or undefined when tracing is off: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as it is,
 * else `OTEL_EXPORTER_OTLP_ENDPOINT` with `/v1/traces` appended (the OTLP rules); off when neither
 * is set or `OTEL_SDK_DISABLED` is true.
 */
export function tracesUrl(env: Env): string | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return undefined;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!base) return undefined;
  return `${base.replace(/\/+$/, "")}/v1/traces`;
}

/**
 * Starts OpenTelemetry tracing when an OTLP endpoint is configured, else does nothing and loads
 * nothing: the SDK, exporter and their dependencies are imported only here, only then (about
 * 10 MB and 60 ms a server without tracing does not pay). Spans go out in batches over OTLP/HTTP
 * (JSON); the sampler, batch sizes, export headers and timeout follow the standard OTEL_*
 * variables the SDK reads itself.
 */
export async function startTracing(env: Env, logger: Logger): Promise<Tracing | undefined> {
  const url = tracesUrl(env);
  if (!url) return undefined;
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL;
  if (protocol && protocol !== "http/json") {
    logger.warn({ protocol }, "traces are sent as OTLP/HTTP JSON (http/json) whatever is asked");
  }
  // Each package is imported by name at run time: a static import, even in a module loaded
  // lazily, would be hoisted into the server bundle's start-up imports.
  const [api, node, exporter, resources, core, semconv] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/core"),
    import("@opentelemetry/semantic-conventions"),
  ]);
  const resource = resources
    .defaultResource()
    .merge(
      resources.resourceFromAttributes({
        [semconv.ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME?.trim() || "a2a-chat",
        [semconv.ATTR_SERVICE_VERSION]: version,
      }),
    )
    // OTEL_RESOURCE_ATTRIBUTES (deployment.environment, service.instance.id …) last, so they win.
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new node.NodeTracerProvider({
    resource,
    spanProcessors: [new node.BatchSpanProcessor(new exporter.OTLPTraceExporter({ url }))],
  });
  // Async-local context (a request's span follows its awaits) and W3C trace context only.
  provider.register({ propagator: new core.W3CTraceContextPropagator() });
  useTracer(api.trace.getTracer("a2a-chat", version), api);
  logger.info({ url }, "tracing on: spans are sent over OTLP/HTTP");
  let stopped = false;
  return {
    url,
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      if (stopped) return;
      stopped = true;
      useTracer(undefined);
      await provider.shutdown().catch((error: unknown) => {
        logger.warn({ err: error }, "the last spans could not be sent");
      });
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}
