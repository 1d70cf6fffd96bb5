import { ActionRecallError } from "../errors/action-recall-error.js";
import { isJsonMediaType, isJsonWildcard, mediaTypeEssence } from "../openapi/media-type-essence.js";
import type { EncodingSpec, OperationSpec, RequestBodySpec } from "../openapi/operation-spec.js";
import { decodeDataUrl } from "./decode-data-url.js";
import { encodeMultipart } from "./encode-multipart.js";
import { argumentJson, encodeAllowingReserved, encodeStrict } from "./encode-uri-component.js";
import type { EncodedBody } from "./encoded-body.js";
import { isPlainObject } from "./layered-arguments.js";
import { resolveSchema } from "./resolve-schema.js";
import { serializeQueryStyle, withoutFixedNames } from "./serialize-parameter.js";

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * Encodes a request body by the operation's media type: JSON (`application/json`, `*+json`, `*\/json`; also the choice
 * when the operation declares no body), `application/x-www-form-urlencoded` (OAS `encoding` styles, an object field as
 * JSON text where none is given; where the spec declares the body a string, the encoded form as written),
 * `multipart/form-data` (where the spec declares the body a string, the file as one part named `file`), `text/*`, and
 * for any other type bytes, a `data:...;base64,` URL decoded to its bytes (what the tool asks a model to write for a
 * file), or other text as written. A body of a media range that admits JSON (`*\/*`, `application/*`) is JSON unless it
 * is text or bytes, and goes out with a type it has, never the range: `application/json`, the data URL's type (else
 * `application/octet-stream`), or `text/plain`. `undefined` when there is no body. `fixedNames`, the caller-fixed
 * top-level body members, are never shadowed by form fields an exploded object writes.
 */
export function encodeBody(
  operation: OperationSpec,
  body: unknown,
  fixedNames: ReadonlySet<string> = NO_NAMES,
): EncodedBody | undefined {
  if (body === undefined) return undefined;
  const requestBody = operation.requestBody;
  const mediaType = requestBody?.mediaType ?? "application/json";
  const essence = mediaTypeEssence(mediaType);
  if (isJsonMediaType(essence)) {
    return { body: stringifyJson(body, operation), contentType: mediaType };
  }
  const admitsJson = isJsonWildcard(essence);
  if (admitsJson && typeof body !== "string" && !(body instanceof Uint8Array)) {
    return { body: stringifyJson(body, operation), contentType: "application/json" };
  }
  if (requestBody !== undefined && essence === "application/x-www-form-urlencoded") {
    // A form body declared as a string (libretranslate's) has the model write the encoded form: sent as written.
    if (typeof body === "string" && declaresString(operation, requestBody)) return { body, contentType: mediaType };
    const fields = requireObject(body, operation, essence);
    return { body: encodeForm(requestBody, fields, fixedNames), contentType: mediaType };
  }
  if (requestBody !== undefined && essence === "multipart/form-data") {
    // A multipart body declared as the file itself (codat's, loket's) names no part: the file goes as the part
    // `file`, the name upload APIs use.
    if ((typeof body === "string" || body instanceof Uint8Array) && declaresString(operation, requestBody)) {
      const wrapped = { ...requestBody, schema: { type: "object", properties: { file: requestBody.schema } } };
      return encodeMultipart(operation, wrapped, { file: body });
    }
    return encodeMultipart(operation, requestBody, requireObject(body, operation, essence));
  }
  if (essence.startsWith("text/")) {
    if (typeof body === "object" && body !== null) {
      throw new ActionRecallError("INVALID_ARGUMENTS", `The ${mediaType} body of ${operation.id} must be text`, {
        data: { parameter: "body", operation: operation.id },
      });
    }
    return { body: String(body), contentType: /charset=/i.test(mediaType) ? mediaType : `${mediaType}; charset=utf-8` };
  }
  // A media range is no Content-Type: a body declared `*/*` goes out with a type it has.
  if (typeof body === "string") {
    const file = decodeDataUrl(body, "body");
    if (file === undefined) return { body, contentType: admitsJson ? "text/plain; charset=utf-8" : mediaType };
    // A declared wildcard (`*/*`, `image/*`) says less than the file's own type.
    const wildcardType = admitsJson ? OCTET_STREAM : mediaType;
    const contentType = essence.includes("*") ? (file.mediaType ?? wildcardType) : mediaType;
    return { body: file.bytes, contentType };
  }
  if (body instanceof Uint8Array) return { body, contentType: admitsJson ? OCTET_STREAM : mediaType };
  throw new ActionRecallError(
    "UNSUPPORTED_MEDIA_TYPE",
    `${operation.id} sends ${mediaType}, which cannot be encoded from a ${Array.isArray(body) ? "array" : typeof body}: pass text or bytes`,
    { data: { parameter: "body", operation: operation.id, mediaType } },
  );
}

const OCTET_STREAM = "application/octet-stream";

function declaresString(operation: OperationSpec, requestBody: RequestBodySpec): boolean {
  return resolveSchema(operation, requestBody.schema).type === "string";
}

function encodeForm(
  requestBody: RequestBodySpec,
  body: Record<string, unknown>,
  fixedNames: ReadonlySet<string>,
): string {
  return Object.entries(body)
    .flatMap(([name, value]) => {
      const encoding = Object.hasOwn(requestBody.encoding ?? {}, name) ? requestBody.encoding?.[name] : undefined;
      const parameter = `body.${name}`;
      const encode = encoding?.allowReserved
        ? (text: string) => encodeAllowingReserved(text, parameter)
        : (text: string) => encodeStrict(text, parameter);
      if (isWrittenAsJson(encoding, value)) {
        return value === undefined ? [] : [`${encode(name)}=${encode(argumentJson(value))}`];
      }
      const style = encoding?.style ?? "form";
      const explode = encoding?.explode ?? style === "form";
      const pieces = serializeQueryStyle({ name, value, style, explode, encode });
      return withoutFixedNames(name, pieces, fixedNames).map((piece) => piece.text);
    })
    .join("&");
}

/**
 * Whether a form field is sent as its JSON text (`address=%7B...%7D`). OAS 3.0.4 (Encoding Object) says that without
 * `style`, `explode` and `allowReserved` the field is encoded by its `contentType` alone, which defaults to
 * `application/json` for an object: an object is spread into top-level fields only when its encoding asks for a style.
 * A field whose `contentType` is JSON is JSON text too. (An array's items are objects' JSON text each, as its items'
 * type says.)
 */
function isWrittenAsJson(encoding: EncodingSpec | undefined, value: unknown): boolean {
  if (encoding?.style !== undefined || encoding?.explode !== undefined || encoding?.allowReserved !== undefined) {
    return false;
  }
  return isPlainObject(value) || (encoding?.contentType !== undefined && isJsonMediaType(encoding.contentType));
}

function requireObject(body: unknown, operation: OperationSpec, mediaType: string): Record<string, unknown> {
  if (isPlainObject(body)) return body;
  throw new ActionRecallError("INVALID_ARGUMENTS", `The ${mediaType} body of ${operation.id} must be an object`, {
    data: { parameter: "body", operation: operation.id },
  });
}

function stringifyJson(body: unknown, operation: OperationSpec): string {
  try {
    return argumentJson(body);
  } catch (cause) {
    throw new ActionRecallError("INVALID_ARGUMENTS", `The body of ${operation.id} cannot be written as JSON`, {
      cause,
      data: { parameter: "body", operation: operation.id },
    });
  }
}
