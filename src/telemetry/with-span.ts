import { type Attributes, type Span, SpanStatusCode, trace } from "@opentelemetry/api";

/**
 * The library's tracer. Through `@opentelemetry/api` alone it is a no-op until the application registers an
 * OpenTelemetry SDK (the service does when `OTEL_*` settings ask for it; see `startTelemetry`).
 */
export const tracer = trace.getTracer("action-recall");

/** Marks a span failed with an error code and message (the span's status, and `error.type` as semconv names it). */
export function markSpanFailed(span: Span, code: string, message: string): void {
  span.setAttribute("error.type", code);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/**
 * Runs `run` inside a new active span named `name`: the spans and the `traceparent` of whatever it calls descend from
 * it. A throw marks the span failed with the error's code (or its class name) before it propagates; the span ends
 * either way.
 */
export function withSpan<T>(name: string, attributes: Attributes, run: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await run(span);
    } catch (error) {
      if (error instanceof Error) span.recordException(error);
      markSpanFailed(span, errorType(error), error instanceof Error ? error.message : String(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A typed error's code (`UPSTREAM_TIMEOUT`), else the error's class name. */
export function errorType(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return code;
  return error instanceof Error ? error.name : "Error";
}
