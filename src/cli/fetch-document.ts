import { ActionRecallError, isActionRecallError } from "../errors/action-recall-error.js";
import { UpstreamError } from "../errors/upstream-error.js";
import { bodyExcerpt } from "../http/body-excerpt.js";
import { openUpstreamResponse } from "../http/open-upstream-response.js";
import { readResponseBody } from "../http/read-response-body.js";
import { isLoopbackHost } from "../server/is-loopback-host.js";

/** Limits of {@link fetchDocument}. */
export interface FetchDocumentOptions {
  /** How long the whole fetch may take, redirects and body included. */
  timeoutMs: number;
  /** The largest body read; a larger one is RESPONSE_TOO_LARGE, and the connection is dropped. */
  maxBytes: number;
}

/** Default of `--fetch-timeout`: 30 s. */
export const DEFAULT_FETCH_TIMEOUT_MS = 30_000;
/**
 * Default of `--max-fetch-bytes`: 64 MiB. Large public specs pass (GitHub's REST spec is 13 MB, Microsoft Graph's
 * larger still); a server that never stops sending is cut off.
 */
export const DEFAULT_MAX_FETCH_BYTES = 64 * 1024 * 1024;
/** Redirects followed before giving up: enough for a moved file or a CDN hop, not for a loop. */
export const MAX_REDIRECTS = 5;

/** True when `input` is written as a URL (`scheme://...`), not as a file path. */
export function isUrlInput(input: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(input);
}

/**
 * Fetches a document's text from `url` with undici: https, or plain http to a loopback host only (a spec fetched in
 * clear from elsewhere could be changed on the way), each redirect held to the same rule and at most
 * {@link MAX_REDIRECTS} of them, the whole within `timeoutMs`, the body at most `maxBytes`. A URL or redirect that
 * breaks the rule is HOST_NOT_ALLOWED; a status other than 2xx UPSTREAM_ERROR; too slow UPSTREAM_TIMEOUT; too large
 * RESPONSE_TOO_LARGE. Nothing the document refers to is fetched: its external `$ref`s stay refused.
 */
export async function fetchDocument(url: string, options: FetchDocumentOptions): Promise<string> {
  try {
    return await fetchFollowingRedirects(url, options);
  } catch (error) {
    // Each hop is given what is left of the time: the error names the whole limit the user set.
    if (!isActionRecallError(error, "UPSTREAM_TIMEOUT")) throw error;
    throw new UpstreamError(
      "UPSTREAM_TIMEOUT",
      `${url} was not fetched within ${options.timeoutMs} ms`,
      { upstream: url },
      { cause: error },
    );
  }
}

async function fetchFollowingRedirects(url: string, options: FetchDocumentOptions): Promise<string> {
  const deadline = Date.now() + options.timeoutMs;
  let current = checkedUrl(url, url);
  for (let redirects = 0; ; redirects += 1) {
    const opened = await openUpstreamResponse(
      { method: "GET", url: current.href, headers: { accept: "application/json, application/yaml, text/yaml, */*" } },
      { timeout: "total", timeoutMs: Math.max(1, deadline - Date.now()), upstream: current.href },
    );
    try {
      const { statusCode, headers } = opened.response;
      const location = headers.location;
      if (statusCode >= 300 && statusCode < 400 && typeof location === "string") {
        // Read and dropped (up to a small limit), not destroyed: a destroyed body with no reader throws uncaught.
        await opened.response.body.dump();
        if (redirects >= MAX_REDIRECTS)
          throw new UpstreamError("UPSTREAM_ERROR", `${url} redirected more than ${MAX_REDIRECTS} times`, {
            upstream: url,
            status: statusCode,
          });
        current = checkedUrl(new URL(location, current).href, url);
        continue;
      }
      const body = await readResponseBody(opened.response, {
        upstream: current.href,
        maxResponseBytes: options.maxBytes,
        parseAs: "text",
      });
      if (statusCode < 200 || statusCode >= 300)
        throw new UpstreamError("UPSTREAM_ERROR", `${current.href} answered ${statusCode}`, {
          upstream: current.href,
          status: statusCode,
          bodyExcerpt: bodyExcerpt(body ?? ""),
        });
      return typeof body === "string" ? body : "";
    } catch (error) {
      throw opened.fail(error);
    } finally {
      opened.close();
    }
  }
}

/** The URL, when it is https or http to a loopback host; HOST_NOT_ALLOWED naming it (and where it came from) if not. */
function checkedUrl(text: string, requested: string): URL {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  const allowed =
    url !== undefined && (url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname)));
  if (url !== undefined && allowed) return url;
  const via = text === requested ? "" : ` (a redirect of ${requested})`;
  throw new ActionRecallError(
    "HOST_NOT_ALLOWED",
    `${text}${via}: documents are fetched over https only (plain http only from a loopback host)`,
    { data: { url: text } },
  );
}
