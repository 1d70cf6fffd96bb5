import { ActionRecallError } from "../errors/action-recall-error.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { ignoredHeaderReason } from "./ignored-header.js";
import { appendJsonPointer } from "./json-pointer.js";
import type { ParameterLocation, ParameterSpec } from "./operation-spec.js";
import { isJsonObject, setOwnProperty } from "./own-properties.js";
import type { RefResolver } from "./ref-resolver.js";
import { trimmedArray } from "./trimmed-array.js";
import { SCHEMA_KEYWORDS } from "./upgrade-swagger2.js";

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];
/** How many `$ref` hops a parameter or request body may take before it is treated as a loop. */
const MAX_OBJECT_REF_HOPS = 16;

/**
 * Follows a `$ref` to a parameter, request body or media object (`#/components/parameters/limit`), hop after hop.
 * Returns the object and the pointer it was found at.
 */
export function followObjectRef(
  value: unknown,
  resolve: RefResolver,
  pointer: string,
): { object: Record<string, unknown>; pointer: string } {
  let current = value;
  let where = pointer;
  for (let hop = 0; hop <= MAX_OBJECT_REF_HOPS; hop += 1) {
    if (!isJsonObject(current)) {
      throw new ActionRecallError("INVALID_DOCUMENT", `Expected an object at ${where}`, { data: { pointer: where } });
    }
    if (typeof current.$ref !== "string") return { object: current, pointer: where };
    const ref = current.$ref;
    current = resolve(ref, where);
    where = ref;
  }
  throw new ActionRecallError("REF_NOT_FOUND", `The $ref chain at ${pointer} loops`, { data: { pointer } });
}

/**
 * Component parameters already read, by the object a `$ref` points to: the operations of a document that share one
 * (`#/components/parameters/owner`) then share one {@link ParameterSpec}.
 */
export type SharedParameters = WeakMap<object, ParameterSpec>;

/**
 * Reads an operation's parameters (path-level first, then operation-level; the operation wins on the same name and
 * location, header names compared in any case as RFC 9110 says; within one list the later wins alike), resolving
 * `$ref`ed parameters through `resolve`. `lists` are the raw arrays with their pointers;
 * `shared`, kept across the operations of one document, reads each `$ref`ed parameter once.
 */
export function readParameters(
  resolve: RefResolver,
  lists: readonly { parameters: unknown; pointer: string }[],
  shared?: SharedParameters,
): ParameterSpec[] {
  // An array, not a map by name, for the handful of parameters most operations have (this runs for each of thousands);
  // a map by name and location for long lists, where searching the array for each made 32,000 take 2 s.
  const read: ParameterSpec[] = [];
  let byKey: Map<string, ParameterSpec> | undefined;
  for (const { parameters, pointer } of lists) {
    if (parameters === undefined || parameters === null) continue;
    if (!Array.isArray(parameters)) {
      throw new ActionRecallError("INVALID_DOCUMENT", `${pointer} must be an array of parameters`, {
        data: { pointer },
      });
    }
    if (byKey === undefined && read.length + parameters.length > SEARCHED_PARAMETERS) {
      byKey = new Map(read.map((parameter) => [keyOf(parameter), parameter]));
    }
    for (let index = 0; index < parameters.length; index += 1) {
      const parameter = readSharedParameter(resolve, parameters[index], `${pointer}/${index}`, shared);
      // A later (operation-level) definition replaces the earlier one, and takes its place last.
      if (byKey !== undefined) {
        const key = keyOf(parameter);
        byKey.delete(key);
        byKey.set(key, parameter);
        continue;
      }
      const earlier = indexOfParameter(read, parameter);
      if (earlier !== -1) read.splice(earlier, 1);
      read.push(parameter);
    }
  }
  return trimmedArray(byKey === undefined ? read : [...byKey.values()]);
}

/** Lists up to this long are searched; longer ones are kept in a map. */
const SEARCHED_PARAMETERS = 32;

/** A parameter's name and location, its header name in lower case: `X-Req` and `x-req` are one header. */
function keyOf(parameter: ParameterSpec): string {
  return `${parameter.in}\u0000${parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name}`;
}

/**
 * Where a parameter of the same name and location (a header's name in any case) is in `read`, or -1 (a loop: no
 * closure per parameter; a name is lower-cased only for two headers whose names differ as written).
 */
function indexOfParameter(read: readonly ParameterSpec[], parameter: ParameterSpec): number {
  for (let index = 0; index < read.length; index += 1) {
    const other = read[index] as ParameterSpec;
    if (other.in !== parameter.in) continue;
    if (other.name === parameter.name) return index;
    if (other.in === "header" && other.name.toLowerCase() === parameter.name.toLowerCase()) return index;
  }
  return -1;
}

function readSharedParameter(
  resolve: RefResolver,
  raw: unknown,
  pointer: string,
  shared: SharedParameters | undefined,
): ParameterSpec {
  const { object, pointer: where } = followObjectRef(raw, resolve, pointer);
  // Only a `$ref`ed parameter is shared: read in place, its pointer is the operation's own.
  if (shared === undefined || where === pointer) return readParameter(resolve, object, where);
  let parameter = shared.get(object);
  if (parameter === undefined) {
    parameter = readParameter(resolve, object, where);
    shared.set(object, parameter);
  }
  return parameter;
}

function readParameter(resolve: RefResolver, object: Record<string, unknown>, where: string): ParameterSpec {
  // Tool boxes write the location in any case (`"Header"`, `"QUERY"`); OpenAPI's are lower case.
  const location = typeof object.in === "string" ? object.in.toLowerCase() : object.in;
  const name = typeof object.name === "string" ? object.name : "";
  const required = location === "path" || object.required === true;
  // Specs converted from Postman carry optional parameters named "": the operation works without them.
  if (name === "" && required) {
    throw new ActionRecallError("INVALID_DOCUMENT", `The required parameter at ${where} has no name`, {
      data: { pointer: where },
    });
  }
  // Tool-box specs carry empty placeholders (`"in": ""`) and Swagger leftovers: a body parameter is not ours to read.
  const isQueryString = location === "querystring";
  if (!isQueryString && !LOCATIONS.includes(location as ParameterLocation)) {
    throw new ActionRecallError(
      "INVALID_DOCUMENT",
      `The parameter "${name}" at ${where} has "in": ${JSON.stringify(object.in)}; expected path, query, querystring, header or cookie`,
      { data: { pointer: where, parameter: name } },
    );
  }
  const content = isJsonObject(object.schema) ? undefined : contentOf(object);
  const spec: ParameterSpec = {
    name,
    // The model writes the whole query string as this one member of the `query` section.
    in: isQueryString ? "query" : (location as ParameterLocation),
    required,
    schema: isJsonObject(object.schema) ? object.schema : (content?.schema ?? typeKeywordsSchema(object)),
    pointer: where,
  };
  if (content !== undefined) spec.contentType = content.mediaType;
  if (isQueryString) spec.wholeQueryString = true;
  const ignored =
    name === ""
      ? `it has no name (${where}), so no value can be sent for it`
      : spec.in === "header"
        ? ignoredHeaderReason(name)
        : undefined;
  if (ignored !== undefined) spec.ignored = ignored;
  if (typeof object.description === "string" && object.description !== "") spec.description = object.description;
  if (typeof object.style === "string") spec.style = object.style;
  if (typeof object.explode === "boolean") spec.explode = object.explode;
  if (typeof object.allowReserved === "boolean") spec.allowReserved = object.allowReserved;
  if (spec.in === "path" && (object.allowReserved === true || object["x-ms-skip-url-encoding"] === true)) {
    spec.spansSegments = true;
  }
  if (typeof object.deprecated === "boolean") spec.deprecated = object.deprecated;
  if (object.example !== undefined) spec.example = object.example;
  if (isJsonObject(object.examples)) spec.examples = followExampleRefs(resolve, object.examples, `${where}/examples`);
  return spec;
}

/**
 * A parameter's Example Objects, each `$ref` (`#/components/examples/A`) followed as a parameter's is; the object as
 * written when none is a `$ref`.
 */
function followExampleRefs(
  resolve: RefResolver,
  examples: Record<string, unknown>,
  pointer: string,
): Record<string, unknown> {
  let followed: Record<string, unknown> | undefined;
  for (const name of Object.keys(examples)) {
    const example = examples[name];
    if (!isJsonObject(example) || typeof example.$ref !== "string") continue;
    followed ??= { ...examples };
    setOwnProperty(followed, name, followObjectRef(example, resolve, appendJsonPointer(pointer, name)).object);
  }
  return followed ?? examples;
}

/**
 * The schema a parameter without `schema` or `content` describes with Swagger 2.0's keywords beside its name, as tool
 * boxes write it (`{name, in, type: "integer", default: 10}`); `{}` when it has none of them.
 */
function typeKeywordsSchema(parameter: Record<string, unknown>): JsonSchema {
  const schema: JsonSchema = {};
  for (const keyword of SCHEMA_KEYWORDS) {
    if (parameter[keyword] !== undefined) schema[keyword] = parameter[keyword];
  }
  return schema;
}

/** The one media type of a parameter's `content` (OAS allows exactly one) and its schema (`{}` when it has none). */
function contentOf(parameter: Record<string, unknown>): { mediaType: string; schema: JsonSchema } | undefined {
  if (!isJsonObject(parameter.content)) return undefined;
  const [mediaType] = Object.keys(parameter.content);
  if (mediaType === undefined) return undefined;
  const media = parameter.content[mediaType];
  return { mediaType, schema: isJsonObject(media) && isJsonObject(media.schema) ? media.schema : {} };
}
