import { Buffer } from "node:buffer";
import { randomBytes } from "node:crypto";
import type { OperationSpec, RequestBodySpec } from "../openapi/operation-spec.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { decodeDataUrl } from "./decode-data-url.js";
import { argumentJson, stringifyScalar } from "./encode-uri-component.js";
import type { EncodedBody } from "./encoded-body.js";
import { collectProperties, resolveSchema } from "./resolve-schema.js";

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Uint8Array;
}

const encoder = new TextEncoder();

/**
 * Encodes an object as `multipart/form-data` (RFC 7578) with a random boundary. Scalars become text parts, arrays one
 * part per item, objects JSON parts, and bytes or strings for a binary field (`format: binary`) file parts; a
 * binary string may be a `data:<type>;base64,...` URL. Hand-written because `buildRequest` is synchronous and the
 * standard serialisers (`new Response(formData)`, undici's `FormData`) only produce the bytes asynchronously; the
 * tests read the result back with the standard `Request.formData()` parser.
 */
export function encodeMultipart(
  operation: OperationSpec,
  requestBody: RequestBodySpec,
  body: Record<string, unknown>,
): EncodedBody {
  const properties = collectProperties(operation, requestBody.schema);
  const parts: Part[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    const schema = properties.get(name) ?? {};
    const contentType = Object.hasOwn(requestBody.encoding ?? {}, name)
      ? requestBody.encoding?.[name]?.contentType
      : undefined;
    const items = Array.isArray(value) ? value : [value];
    const itemSchema = Array.isArray(value) ? resolveSchema(operation, schema.items) : schema;
    for (const item of items) parts.push(toPart(name, item, itemSchema, contentType));
  }
  const boundary = chooseBoundary(parts);
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeQuoted(part.name)}"`;
    if (part.filename !== undefined) head += `; filename="${escapeQuoted(part.filename)}"`;
    if (part.contentType !== undefined) head += `\r\nContent-Type: ${part.contentType.replace(/[\r\n]/g, "")}`;
    chunks.push(encoder.encode(`${head}\r\n\r\n`), part.data, encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function toPart(name: string, value: unknown, schema: JsonSchema, contentType: string | undefined): Part {
  if (value instanceof Uint8Array) {
    return { name, filename: name, contentType: contentType ?? "application/octet-stream", data: value };
  }
  if (isBinarySchema(schema) && typeof value === "string") {
    const file = decodeDataUrl(value, `body.${name}`);
    if (file !== undefined) {
      const type = contentType ?? file.mediaType ?? "application/octet-stream";
      return { name, filename: name, contentType: type, data: file.bytes };
    }
    return {
      name,
      filename: name,
      contentType: contentType ?? "application/octet-stream",
      data: encoder.encode(value),
    };
  }
  if (value !== null && typeof value === "object") {
    return { name, contentType: contentType ?? "application/json", data: encoder.encode(argumentJson(value)) };
  }
  const part: Part = { name, data: encoder.encode(stringifyScalar(value)) };
  if (contentType !== undefined) part.contentType = contentType;
  return part;
}

function isBinarySchema(schema: JsonSchema): boolean {
  return schema.format === "binary" || schema.contentEncoding === "base64" || schema.contentMediaType !== undefined;
}

/** A random boundary, drawn again in the (astronomically unlikely) case a part contains it. */
function chooseBoundary(parts: Part[]): string {
  for (;;) {
    const boundary = `action-recall-${randomBytes(16).toString("hex")}`;
    if (!parts.some((part) => Buffer.from(part.data).includes(boundary))) return boundary;
  }
}

/** Escapes a quoted header parameter the way the HTML form serialiser does: `"`, CR and LF become percent escapes. */
function escapeQuoted(text: string): string {
  return text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
