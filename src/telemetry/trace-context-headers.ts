import { type Context, context, propagation } from "@opentelemetry/api";

/**
 * The W3C trace context (`traceparent`, and `tracestate` or baggage when set) of `parent` (default: the active
 * context) as request headers, through the registered propagator: empty while no OpenTelemetry SDK is registered.
 */
export function traceContextHeaders(parent: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(parent, headers);
  return headers;
}
