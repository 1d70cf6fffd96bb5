import { Buffer, isUtf8 } from "node:buffer";
import type { Dispatcher } from "undici";
import { UpstreamError } from "../errors/upstream-error.js";
import { isJsonMediaType, mediaTypeEssence } from "../openapi/media-type-essence.js";
import { bodyExcerpt } from "./body-excerpt.js";
import { rejectDeepJson } from "./reject-deep-json.js";

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
 * it: JSON when the content type is JSON (`application/json`, `*+json`, `*\/json`), text otherwise (in its declared
 * charset), a `data:` URL when it is binary (not text in any charset), `null` when empty.
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
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0) return null;
  const contentType = String(response.headers["content-type"] ?? "");
  const isJson = options.parseAs === "json" || (options.parseAs === "content-type" && isJsonMediaType(contentType));
  if (!isJson && options.parseAs === "content-type" && !isText(bytes, contentType))
    return toDataUrl(bytes, contentType);
  const text = decodeText(bytes, contentType);
  if (!isJson) return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new UpstreamError(
      "UPSTREAM_MALFORMED",
      `${upstream} answered malformed JSON${contentType === "" ? "" : ` (content-type ${contentType})`}`,
      { upstream, status: response.statusCode, bodyExcerpt: bodyExcerpt(text) },
      { cause },
    );
  }
  rejectDeepJson(value, { upstream, status: response.statusCode });
  return value;
}

/**
 * Text in the response's declared charset (`charset=gbk` and the other WHATWG encodings), else UTF-8; a byte order
 * mark is dropped (`JSON.parse` refuses one).
 */
function decodeText(bytes: Buffer, contentType: string): string {
  const charset = CHARSET.exec(contentType)?.[1];
  if (charset !== undefined) {
    try {
      return new TextDecoder(charset.replace(/^"|"$/g, "")).decode(bytes);
    } catch {
      // An encoding TextDecoder does not know: UTF-8 is the likeliest, and what the body was read as before.
    }
  }
  return new TextDecoder().decode(bytes);
}

const CHARSET = /;\s*charset\s*=\s*("[^"]*"|[^;\s]+)/i;

/** Whether a body is text: it declares a charset, is valid UTF-8, or has a text type (then read as UTF-8, lossily). */
function isText(bytes: Buffer, contentType: string): boolean {
  if (CHARSET.test(contentType) || isUtf8(bytes)) return true;
  const essence = mediaTypeEssence(contentType);
  return essence.startsWith("text/") || essence.endsWith("xml");
}

/**
 * A binary body (an image, a PDF) as a `data:` URL: the form tools ask models to write files in, and the one that
 * keeps the bytes, which decoding them as text would not.
 */
function toDataUrl(bytes: Buffer, contentType: string): string {
  const essence = mediaTypeEssence(contentType);
  return `data:${essence === "" ? "application/octet-stream" : essence};base64,${bytes.toString("base64")}`;
}
