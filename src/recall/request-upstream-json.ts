import { UpstreamError } from "../errors/index.js";
import { bodyExcerpt } from "../http/body-excerpt.js";
import { rejectDeepJson } from "../http/reject-deep-json.js";
import { sendRequest } from "../http/send-request.js";

/** Limits of one upstream call. */
export interface UpstreamCallOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  /** Retries; only GETs are retried, since they are idempotent. */
  retries?: number;
  /** Hosts the URL may point at; unset allows any. */
  allowedHosts?: readonly string[];
  signal?: AbortSignal;
}

/** One JSON call to an upstream. */
export interface UpstreamJsonRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** The upstream's short name, for errors (`ontology-query`, `tool-box`). */
  upstream: string;
}

/** A JSON answer, and how long it took. */
export interface UpstreamJsonResponse {
  body: unknown;
  durationMs: number;
}

/**
 * Sends one request through the HTTP layer (timeouts, size limit, retries of GETs) and reads a JSON answer. A status
 * of 400 or more is UPSTREAM_ERROR with the status and an excerpt of the body, whatever the body is; a 2xx body that
 * is not JSON is UPSTREAM_MALFORMED naming the upstream.
 */
export async function requestUpstreamJson(
  request: UpstreamJsonRequest,
  options: UpstreamCallOptions,
): Promise<UpstreamJsonResponse> {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  const response = await sendRequest(
    {
      method: request.method,
      url: request.url,
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    },
    {
      timeoutMs: options.timeoutMs,
      maxResponseBytes: options.maxResponseBytes,
      retries: options.retries ?? 0,
      upstream: request.upstream,
      // Read as text: the status decides first, so an error page under a JSON content type is still UPSTREAM_ERROR.
      parseAs: "text",
      ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    },
  );
  const text = typeof response.body === "string" ? response.body : "";
  if (response.status >= 400) {
    throw new UpstreamError("UPSTREAM_ERROR", `${request.upstream} answered ${response.status}`, {
      upstream: request.upstream,
      status: response.status,
      bodyExcerpt: bodyExcerpt(text),
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new UpstreamError(
      "UPSTREAM_MALFORMED",
      `${request.upstream} answered a body that is not JSON`,
      { upstream: request.upstream, status: response.status, bodyExcerpt: bodyExcerpt(text) },
      { cause: error },
    );
  }
  rejectDeepJson(body, { upstream: request.upstream, status: response.status });
  return { body, durationMs: response.durationMs };
}
