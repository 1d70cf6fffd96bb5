import { checkObjectArgument, invalidArgumentError } from "../errors/invalid-option-error.js";
import { UpstreamError } from "../errors/upstream-error.js";
import { bodyExcerpt } from "./body-excerpt.js";
import { isPlainObject } from "./layered-arguments.js";
import type { UpstreamCallOptions } from "./open-upstream-response.js";
import type { ProxyBody } from "./proxy-body.js";
import type { ProxyResult } from "./proxy-result.js";
import { rejectDeepJson } from "./reject-deep-json.js";
import { sendRequest } from "./send-request.js";

/** Extra time the proxy gets beyond the `timeout` it was given, to answer about its own timeout. */
const PROXY_GRACE_MS = 5_000;

/** Default upstream name in errors. */
const PROXY_UPSTREAM = "tool-box proxy";

/** Options of {@link postToProxy} and {@link streamFromProxy}. */
export interface PostToProxyOptions extends UpstreamCallOptions {
  /** Largest answer read (default 10 MiB). */
  maxResponseBytes?: number;
}

/**
 * Posts a proxy body to a tool's `api_url` (the tool-box proxy) and reads its `{status_code, headers, body, error,
 * duration_ms}`. A failure inside the proxy is a failure even when the proxy answers HTTP 200: an inner
 * `status_code` of 400 or more (a transport failure comes back as 200 with 500 inside) throws UPSTREAM_ERROR carrying
 * the inner status, an excerpt of the body and the whole result (`data.result`). Without `timeoutMs`, the wait is
 * the body's `timeout` plus a grace period. Never retried: the call may not be idempotent.
 *
 * @example
 * const result = await postToProxy(tool.api_url, toProxyBody(call.arguments, tool.fixed_params, 30));
 */
export async function postToProxy(
  apiUrl: string,
  body: ProxyBody,
  options: PostToProxyOptions = {},
): Promise<ProxyResult> {
  if (typeof apiUrl !== "string") throw invalidArgumentError("postToProxy", "apiUrl", apiUrl, "the proxy's URL");
  checkObjectArgument("postToProxy", "body", body);
  checkObjectArgument("postToProxy", "options", options, true);
  const upstream = options.upstream ?? PROXY_UPSTREAM;
  const timeoutMs =
    options.timeoutMs ?? (body.timeout === undefined ? undefined : body.timeout * 1000 + PROXY_GRACE_MS);
  const response = await sendRequest(
    {
      method: "POST",
      url: apiUrl,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    },
    { ...options, upstream, parseAs: "text", retries: 0, ...(timeoutMs === undefined ? {} : { timeoutMs }) },
  );
  if (response.status < 200 || response.status >= 300) {
    throw new UpstreamError("UPSTREAM_ERROR", `${upstream} answered HTTP ${response.status}`, {
      upstream,
      status: response.status,
      bodyExcerpt: bodyExcerpt(response.body ?? ""),
    });
  }
  return readProxyResult(response.body, { upstream, durationMs: response.durationMs });
}

/**
 * Reads a proxy answer (JSON text, or an already parsed value): UPSTREAM_MALFORMED unless it is an object with a
 * numeric `status_code`, UPSTREAM_ERROR when that status is 400 or more.
 */
export function readProxyResult(answer: unknown, context: { upstream: string; durationMs: number }): ProxyResult {
  const { upstream } = context;
  let value = answer;
  if (typeof answer === "string") {
    try {
      value = JSON.parse(answer);
    } catch (cause) {
      throw new UpstreamError(
        "UPSTREAM_MALFORMED",
        `${upstream} answered malformed JSON`,
        { upstream, bodyExcerpt: bodyExcerpt(answer) },
        { cause },
      );
    }
    // A parsed answer was read by `sendRequest`, which refuses such JSON already.
    rejectDeepJson(value, { upstream });
  }
  if (!isPlainObject(value) || typeof value.status_code !== "number" || !Number.isInteger(value.status_code)) {
    throw new UpstreamError("UPSTREAM_MALFORMED", `${upstream} answered without a numeric status_code`, {
      upstream,
      bodyExcerpt: bodyExcerpt(answer ?? ""),
    });
  }
  const result: ProxyResult = {
    status_code: value.status_code,
    headers: isPlainObject(value.headers) ? value.headers : {},
    body: value.body ?? null,
    error: value.error ?? null,
    duration_ms: typeof value.duration_ms === "number" ? value.duration_ms : context.durationMs,
  };
  if (result.status_code >= 400) {
    const error = isEmpty(result.error) ? "" : `: ${bodyExcerpt(result.error)}`;
    throw new UpstreamError("UPSTREAM_ERROR", `The tool behind ${upstream} answered ${result.status_code}${error}`, {
      upstream,
      status: result.status_code,
      bodyExcerpt: bodyExcerpt(isEmpty(result.body) ? (result.error ?? "") : result.body),
      result,
    });
  }
  return result;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}
