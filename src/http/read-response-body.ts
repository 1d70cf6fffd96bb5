import { Buffer } from "node:buffer";
import type { Dispatcher } from "undici";
import { UpstreamError } from "../errors/upstream-error.js";
import { isJsonMediaType } from "../openapi/media-type-essence.js";
import { bodyExcerpt } from "./body-excerpt.js";

/** Default largest response body read: 10 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** How to decode a body: by its content type (JSON when it says JSON), always as JSON, or always as text. */
export type ParseAs = "content-type" | "json" | "text";

/** Options of {@link readResponseBody}. */
export interface ReadResponseBodyOptions {
  upstream: string;
  maxResponseBytes: number;
  parseAs: ParseAs;
}

/**
 * Reads a response body, stopping (and dropping the connection) as soon as it passes the size limit, then decodes
 * it: JSON when the content type is JSON (`application/json`, `*+json`, `*\/json`), text otherwise, `null` when empty.
 */
export async function readResponseBody(
  response: Dispatcher.ResponseData,
  options: ReadResponseBodyOptions,
): Promise<unknown> {
  const { upstream, maxResponseBytes } = options;
  const tooLarge = (): UpstreamError => {
    response.body.destroy();
    return new UpstreamError("RESPONSE_TOO_LARGE", `${upstream} answered more than ${maxResponseBytes} bytes`, {
      upstream,
      status: response.statusCode,
    });
  };
  if (Number(response.headers["content-length"]) > maxResponseBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > maxResponseBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text === "") return null;
  const contentType = String(response.headers["content-type"] ?? "");
  const isJson = options.parseAs === "json" || (options.parseAs === "content-type" && isJsonMediaType(contentType));
  if (!isJson) return text;
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new UpstreamError(
      "UPSTREAM_MALFORMED",
      `${upstream} answered malformed JSON${contentType === "" ? "" : ` (content-type ${contentType})`}`,
      { upstream, status: response.statusCode, bodyExcerpt: bodyExcerpt(text) },
      { cause },
    );
  }
}
