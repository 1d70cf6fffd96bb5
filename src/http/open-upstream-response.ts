import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { Dispatcher } from "undici";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { UpstreamError } from "../errors/upstream-error.js";
import { traceContextHeaders } from "../telemetry/trace-context-headers.js";
import { errorType, markSpanFailed, tracer } from "../telemetry/with-span.js";
import { assertAllowedHost } from "./assert-allowed-host.js";
import type { HttpRequest } from "./http-request.js";
import { assertValidHeaderName, assertValidHeaderValue } from "./serialize-headers.js";

/** Default time an upstream has to answer. */
const DEFAULT_TIMEOUT_MS = 30_000;

/** Limits and context shared by every call to an upstream. */
export interface UpstreamCallOptions {
  /** How long the upstream has (default 30 s): for the whole exchange, or between chunks of a stream. */
  timeoutMs?: number;
  /** Host names (optionally `host:port`, or `*.domain`) the request may reach; unset allows any. */
  allowedHosts?: readonly string[];
  /** Cancels the call; the call then fails with ABORTED. */
  signal?: AbortSignal;
  /** A short name of the upstream for errors (`tool-box proxy`); defaults to the URL without its query. */
  upstream?: string;
  /** Extra headers (a request id, credentials); the request's own headers win on the same name. */
  headers?: Record<string, string>;
}

/** undici takes longer to load than Node takes to start: it is loaded at the first request, not with the package. */
let undici: typeof import("undici") | undefined;

/** An upstream answer whose body is still to be read, and how to turn any failure into a typed error. */
export interface OpenedResponse {
  upstream: string;
  response: Dispatcher.ResponseData;
  /** Maps a failure (timeout, abort, reset) to a typed error; typed errors pass through. */
  fail(error: unknown): Error;
  /** Stops the deadline; call once the body is read or abandoned. */
  close(): void;
}

/**
 * Sends a request with undici and resolves once the status and headers arrive. `timeout: "total"` bounds the whole
 * exchange, body included; `"idle"` bounds the wait for headers and each gap between chunks, for streams. Redirects
 * are returned, never followed, so the allow-list cannot be bypassed by a `Location` header. Every request is a client
 * span (ended by `close`) whose W3C `traceparent` the request carries, so the upstream continues the caller's trace.
 */
export async function openUpstreamResponse(
  request: HttpRequest,
  options: UpstreamCallOptions & { timeout: "total" | "idle" },
): Promise<OpenedResponse> {
  undici ??= await import("undici");
  const url = parseRequestUrl(request.url);
  const upstream = options.upstream ?? `${url.origin}${url.pathname}`;
  assertAllowedHost(url, options.allowedHosts);
  const ownHeaders = mergeHeaders(options.headers ?? {}, request.headers);
  const span = startClientSpan(request.method, url);
  // The trace context wins over a `traceparent` the call names: the upstream's parent must be this span.
  const headers = mergeHeaders(ownHeaders, traceContextHeaders(trace.setSpan(context.active(), span)));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const controller = new AbortController();
  let timedOut = false;
  const timer =
    options.timeout === "total"
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  const abortFromCaller = (): void => controller.abort();
  options.signal?.addEventListener("abort", abortFromCaller, { once: true });
  let spanEnded = false;
  const close = (): void => {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", abortFromCaller);
    if (!spanEnded) span.end();
    spanEnded = true;
  };
  const toTypedFailure = (error: unknown): Error => {
    if (error instanceof ActionRecallError) return error;
    const code = (error as { code?: unknown } | null)?.code;
    if (
      timedOut ||
      code === "UND_ERR_HEADERS_TIMEOUT" ||
      code === "UND_ERR_BODY_TIMEOUT" ||
      code === "UND_ERR_CONNECT_TIMEOUT"
    ) {
      return new UpstreamError(
        "UPSTREAM_TIMEOUT",
        `${upstream} did not answer within ${timeoutMs} ms`,
        { upstream },
        { cause: error },
      );
    }
    if (options.signal?.aborted) {
      return new ActionRecallError("ABORTED", `The call to ${upstream} was aborted`, {
        cause: error,
        data: { upstream },
      });
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new UpstreamError(
      "UPSTREAM_ERROR",
      `Could not reach ${upstream}: ${reason}`,
      { upstream },
      { cause: error },
    );
  };
  const fail = (error: unknown): Error => {
    const failure = toTypedFailure(error);
    if (!spanEnded) markSpanFailed(span, errorType(failure), failure.message);
    return failure;
  };

  if (options.signal?.aborted) {
    const failure = fail(options.signal.reason);
    close();
    throw failure;
  }
  try {
    const response = await undici.request(url, {
      method: request.method as Dispatcher.HttpMethod,
      headers,
      body: request.body ?? null,
      signal: controller.signal,
      ...(options.timeout === "idle" ? { headersTimeout: timeoutMs, bodyTimeout: timeoutMs } : {}),
    });
    span.setAttribute("http.response.status_code", response.statusCode);
    // A client span counts every 4xx and 5xx answer as failed (OpenTelemetry's HTTP conventions).
    if (response.statusCode >= 400) {
      span.setAttribute("error.type", String(response.statusCode));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    return { upstream, response, fail, close };
  } catch (error) {
    const failure = fail(error);
    close();
    throw failure;
  }
}

/**
 * The client span of one request, named by its method as OpenTelemetry's HTTP conventions name a span without a
 * route. The URL is recorded without its query string, which may carry credentials.
 */
function startClientSpan(method: string, url: URL) {
  return tracer.startSpan(method.toUpperCase(), {
    kind: SpanKind.CLIENT,
    attributes: {
      "http.request.method": method.toUpperCase(),
      "url.full": `${url.origin}${url.pathname}`,
      "server.address": url.hostname,
      "server.port": Number(url.port || (url.protocol === "https:" ? 443 : 80)),
    },
  });
}

/** True for a failure before any answer (refused, reset, DNS): the kind of failure a retry can cure. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof UpstreamError && error.code === "UPSTREAM_ERROR" && error.data.status === undefined;
}

function parseRequestUrl(text: string): URL {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new ActionRecallError("INVALID_REQUEST", `"${text}" is not an absolute http(s) URL`);
  }
  return url;
}

/** Checks every header and merges the extra ones under the request's own (names compared case-insensitively). */
function mergeHeaders(extra: Record<string, string>, own: Record<string, string>): Record<string, string> {
  const ownNames = new Set(Object.keys(own).map((name) => name.toLowerCase()));
  const merged: Record<string, string> = Object.create(null);
  for (const [name, value] of [
    ...Object.entries(extra).filter(([name]) => !ownNames.has(name.toLowerCase())),
    ...Object.entries(own),
  ]) {
    assertValidHeaderName(name);
    assertValidHeaderValue(name, value);
    merged[name] = value;
  }
  return merged;
}
