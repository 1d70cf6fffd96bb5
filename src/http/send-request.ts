import { setTimeout as sleep } from "node:timers/promises";
import type { Dispatcher } from "undici";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument, invalidArgumentError } from "../errors/invalid-option-error.js";
import type { HttpRequest } from "./http-request.js";
import type { HttpResponse } from "./http-response.js";
import { isNetworkFailure, openUpstreamResponse, type UpstreamCallOptions } from "./open-upstream-response.js";
import { DEFAULT_MAX_RESPONSE_BYTES, type ParseAs, readResponseBody } from "./read-response-body.js";

/** Response headers as undici gives them. */
type IncomingHttpHeaders = Dispatcher.ResponseData["headers"];

/** Default base delay before the first retry; each further retry doubles it. */
const DEFAULT_RETRY_DELAY_MS = 200;

/** The longest wait before a retry; a `Retry-After` asking for more ends the retries instead. */
const MAX_RETRY_DELAY_MS = 5_000;

/** Options of {@link sendRequest}. */
export interface SendRequestOptions extends UpstreamCallOptions {
  /** Largest response body read (default 10 MiB); a larger one fails with RESPONSE_TOO_LARGE. */
  maxResponseBytes?: number;
  /** Retries after a network failure, a 5xx or a 429 (default 0). Only GET and HEAD are ever retried. */
  retries?: number;
  /** Base delay before a retry (default 200 ms), doubled each time, with jitter; `Retry-After` is honoured. */
  retryDelayMs?: number;
  /** How to decode the body (default: by its content type). */
  parseAs?: ParseAs;
}

/**
 * Sends a request and reads the answer within a time limit and a size limit. Any status comes back as a response
 * (deciding what a 404 means is the caller's job); failures are typed: UPSTREAM_TIMEOUT, RESPONSE_TOO_LARGE,
 * UPSTREAM_MALFORMED (JSON content type, broken body), UPSTREAM_ERROR (unreachable), HOST_NOT_ALLOWED, ABORTED.
 * Idempotent requests (GET, HEAD) are retried with backoff on network failures, 5xx and 429; others never are.
 *
 * @example
 * const response = await sendRequest(buildRequest(operation, args), { timeoutMs: 5_000, allowedHosts: ["api.example.com"] });
 */
export async function sendRequest(request: HttpRequest, options: SendRequestOptions = {}): Promise<HttpResponse> {
  checkObjectArgument("sendRequest", "request", request);
  if (typeof request.method !== "string") {
    throw invalidArgumentError("sendRequest", "request.method", request.method, "an HTTP method");
  }
  checkObjectArgument("sendRequest", "options", options, true);
  const started = performance.now();
  const idempotent = request.method.toUpperCase() === "GET" || request.method.toUpperCase() === "HEAD";
  const retries = idempotent ? Math.max(0, options.retries ?? 0) : 0;
  for (let attempt = 0; ; attempt++) {
    let opened: Awaited<ReturnType<typeof openUpstreamResponse>>;
    try {
      opened = await openUpstreamResponse(request, { ...options, timeout: "total" });
    } catch (error) {
      if (attempt < retries && isNetworkFailure(error)) {
        await waitBeforeRetry(attempt, undefined, options);
        continue;
      }
      throw error;
    }
    const { response } = opened;
    try {
      const delay = retryDelay(response.statusCode, response.headers, attempt, options);
      if (attempt < retries && delay !== undefined) {
        await response.body.dump();
        opened.close();
        await waitBeforeRetry(attempt, delay, options);
        continue;
      }
      const body = await readResponseBody(response, {
        upstream: opened.upstream,
        maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        parseAs: options.parseAs ?? "content-type",
      });
      return {
        status: response.statusCode,
        headers: normalizeHeaders(response.headers),
        body,
        durationMs: performance.now() - started,
      };
    } catch (error) {
      throw opened.fail(error);
    } finally {
      opened.close();
    }
  }
}

/** The delay before retrying this answer, or `undefined` when it is not worth a retry. */
function retryDelay(
  status: number,
  headers: IncomingHttpHeaders,
  attempt: number,
  options: SendRequestOptions,
): number | undefined {
  if (status !== 429 && status < 500) return undefined;
  const retryAfter = Number(headers["retry-after"]);
  if (Number.isFinite(retryAfter) && retryAfter >= 0) {
    return retryAfter * 1000 <= MAX_RETRY_DELAY_MS ? retryAfter * 1000 : undefined;
  }
  return backoff(attempt, options);
}

function backoff(attempt: number, options: SendRequestOptions): number {
  const base = (options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS) * 2 ** attempt;
  return Math.min(MAX_RETRY_DELAY_MS, base / 2 + Math.random() * (base / 2));
}

async function waitBeforeRetry(attempt: number, delay: number | undefined, options: SendRequestOptions): Promise<void> {
  try {
    await sleep(delay ?? backoff(attempt, options), undefined, options.signal ? { signal: options.signal } : {});
  } catch (cause) {
    throw new ActionRecallError("ABORTED", "The call was aborted while waiting to retry", { cause });
  }
}

/** Lower-case names; repeated headers joined with `, `, as the Fetch `Headers` class does. */
function normalizeHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(", ") : value]),
  );
}
