import { createParser, type EventSourceMessage } from "eventsource-parser";
import { checkObjectArgument, checkStringArgument } from "../errors/invalid-option-error.js";
import { UpstreamError } from "../errors/upstream-error.js";
import { isJsonMediaType } from "../openapi/media-type-essence.js";
import { bodyExcerpt } from "./body-excerpt.js";
import { openUpstreamResponse } from "./open-upstream-response.js";
import type { PostToProxyOptions } from "./post-to-proxy.js";
import { readProxyResult } from "./post-to-proxy.js";
import type { ProxyBody } from "./proxy-body.js";
import { DEFAULT_MAX_RESPONSE_BYTES, readResponseBody } from "./read-response-body.js";

/** The data payload that ends a proxy stream. */
const DONE = "[DONE]";

/**
 * Posts a proxy body to `api_url?stream=true` and yields the `data:` payload of each server-sent event until
 * `[DONE]` (or the end of the stream). `timeoutMs` bounds the wait for the answer and each gap between chunks;
 * `maxResponseBytes` bounds the whole stream. An error status, or a JSON answer carrying a failed `status_code`,
 * throws UPSTREAM_ERROR; a successful JSON answer (a proxy that does not stream) is yielded as one payload.
 *
 * @example
 * for await (const data of streamFromProxy(tool.api_url, toProxyBody(args))) process.stdout.write(data);
 */
export async function* streamFromProxy(
  apiUrl: string,
  body: ProxyBody,
  options: PostToProxyOptions = {},
): AsyncGenerator<string, void, undefined> {
  checkStringArgument("streamFromProxy", "apiUrl", apiUrl);
  checkObjectArgument("streamFromProxy", "body", body);
  checkObjectArgument("streamFromProxy", "options", options, true);
  const url = URL.canParse(apiUrl) ? new URL(apiUrl) : undefined;
  url?.searchParams.set("stream", "true");
  const opened = await openUpstreamResponse(
    {
      method: "POST",
      url: url?.href ?? apiUrl,
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(body),
    },
    { ...options, upstream: options.upstream ?? "tool-box proxy", timeout: "idle" },
  );
  const { response, upstream } = opened;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  try {
    const contentType = String(response.headers["content-type"] ?? "");
    if (response.statusCode < 200 || response.statusCode >= 300 || isJsonMediaType(contentType)) {
      const answer = await readResponseBody(response, { upstream, maxResponseBytes, parseAs: "text" });
      if (response.statusCode < 200 || response.statusCode >= 300) {
        throw new UpstreamError("UPSTREAM_ERROR", `${upstream} answered HTTP ${response.statusCode}`, {
          upstream,
          status: response.statusCode,
          bodyExcerpt: bodyExcerpt(answer ?? ""),
        });
      }
      const result = readProxyResult(answer, { upstream, durationMs: 0 });
      yield typeof result.body === "string" ? result.body : JSON.stringify(result.body);
      return;
    }
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event) });
    const decoder = new TextDecoder();
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Uint8Array).length;
      if (size > maxResponseBytes) {
        throw new UpstreamError("RESPONSE_TOO_LARGE", `${upstream} streamed more than ${maxResponseBytes} bytes`, {
          upstream,
          status: response.statusCode,
        });
      }
      parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
      for (const event of events.splice(0)) {
        if (event.data === DONE) return;
        yield event.data;
      }
    }
  } catch (error) {
    throw opened.fail(error);
  } finally {
    opened.close();
    if (!response.body.destroyed) response.body.destroy();
  }
}
