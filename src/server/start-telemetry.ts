import { checkObjectArgument } from "../errors/invalid-option-error.js";
/** The OpenTelemetry SDK a service started, to be shut down (its last spans flushed) when the service closes. */
export interface Telemetry {
  shutdown(): Promise<void>;
}

/** The service's name in its spans unless `OTEL_SERVICE_NAME` or `OTEL_RESOURCE_ATTRIBUTES` names it. */
const SERVICE_NAME = "action-recall";

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * True when the standard `OTEL_*` settings ask for traces: an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`,
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) or an exporter (`OTEL_TRACES_EXPORTER`, other than `none`), and
 * `OTEL_SDK_DISABLED` is not `true`.
 */
export function isTracingConfigured(env: Environment): boolean {
  checkObjectArgument("isTracingConfigured", "env", env);
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? "").split(",").map((name) => name.trim());
  if (exporters.includes("none")) return false;
  return [env.OTEL_EXPORTER_OTLP_ENDPOINT, env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, env.OTEL_TRACES_EXPORTER].some(
    (value) => value !== undefined && value.trim() !== "",
  );
}

/**
 * Starts the OpenTelemetry Node SDK when {@link isTracingConfigured}, else nothing (the library's spans stay no-ops).
 * The SDK reads the rest of the `OTEL_*` settings itself, from the process environment (exporter, protocol, headers,
 * sampler, propagators, resource);
 * it is loaded only then, so a service without tracing does not pay for it. It exports traces only: the service's
 * metrics are Prometheus text at `/metrics`, its logs JSON lines on standard output. No auto-instrumentation is
 * installed: the service traces its requests, and the library its recall, conversion, execution and upstream calls.
 *
 * @example
 * const telemetry = await startTelemetry();
 * app.addHook("onClose", async () => telemetry?.shutdown());
 */
export async function startTelemetry(env: Environment = process.env): Promise<Telemetry | undefined> {
  if (!isTracingConfigured(env)) return undefined;
  const { NodeSDK } = await import("@opentelemetry/sdk-node");
  const named =
    env.OTEL_SERVICE_NAME !== undefined || /(^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? "");
  const sdk = new NodeSDK({
    ...(named ? {} : { serviceName: SERVICE_NAME }),
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
