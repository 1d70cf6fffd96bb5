import { checkObjectArgument, invalidArgumentError } from "../errors/invalid-option-error.js";
import { escapeJsonPointerToken } from "../openapi/json-pointer.js";
import { isJsonMediaType, isJsonWildcard, mediaTypeEssence } from "../openapi/media-type-essence.js";
import {
  type ArgumentSection,
  isOperationSpec,
  OPERATION_EXPECTED,
  type OperationSpec,
  type ParameterLocation,
  type ParameterSpec,
  type RequestBodySpec,
} from "../openapi/operation-spec.js";
import { isJsonObject, setOwnProperty } from "../openapi/own-properties.js";
import { isUpgradedFromSwagger2 } from "../openapi/swagger2-refs.js";
import { trimmedArray } from "../openapi/trimmed-array.js";
import type { PrunedSchema, SchemaConflict } from "./conversion-report.js";
import { copyKeywordValue } from "./copy-json-value.js";
import { type ExpandedSchema, type ExpandRefsOptions, expandRefs } from "./expand-refs.js";
import type { JsonSchema } from "./json-schema.js";
import { ANNOTATION_KEYWORDS } from "./schema-keywords.js";

/** The sections in the order they appear in a layered schema. */
export const SECTION_ORDER: readonly ArgumentSection[] = ["header", "path", "query", "cookie", "body"];

const SECTION_DESCRIPTIONS: Record<ArgumentSection, string> = {
  header: "HTTP header parameters",
  path: "URL path parameters",
  query: "URL query parameters",
  cookie: "Cookie parameters",
  body: "Request body",
};

const BINARY_NOTE =
  "A file: pass its content as a string, or a data URL (data:<media type>;base64,<content>) for binary content";

/** Options of {@link buildLayeredSchema}: those of the `$ref` expansion that apply to a whole operation. */
export interface LayeredSchemaOptions
  extends Pick<ExpandRefsOptions, "maxDepth" | "resolveExternalRef" | "refSiblings" | "cache"> {
  /** Parameter schemas to share across the operations of one conversion: see {@link createParameterSchemaCache}. */
  parameterCache?: ParameterSchemaCache | undefined;
}

/**
 * Parameters' property schemas (the expanded schema with the parameter's own description and examples), by the
 * parameter's schema object. A component parameter (`#/components/parameters/owner`) that hundreds of operations use
 * is then built once, and they share one property schema: never mutate it.
 */
export type ParameterSchemaCache = WeakMap<object, SharedParameterSchema[]>;

/** A cache for {@link LayeredSchemaOptions.parameterCache}: one per document conversion, with the same options. */
export function createParameterSchemaCache(): ParameterSchemaCache {
  return new WeakMap();
}

interface SharedParameterSchema {
  /** The parameter it was built for: reused only for one that says the same (same name, description, ...). */
  parameter: ParameterSpec;
  schema: JsonSchema;
  pruned: PrunedSchema[];
  conflicts: SchemaConflict[];
}

/** A layered schema, with what its expansion cut and could not merge. */
export interface LayeredSchema {
  schema: JsonSchema;
  pruned: PrunedSchema[];
  conflicts: SchemaConflict[];
}

/**
 * Builds an operation's layered tool schema (DESIGN.md "Contracts", seed 000): `{type: "object", properties: {header?,
 * path?, query?, cookie?, body?}, required}`. Each section is `{type: "object", description, properties, required}`
 * and appears only when it has members; the top-level `required` lists the sections with a required member, and
 * `body` only when the request body is required. Parameter schemas and the body schema are expanded with
 * {@link expandRefs}; a parameter's own description wins over its schema's. An object body becomes the `body`
 * section; an array or primitive body is kept whole. Form and multipart binary fields become strings with
 * `format: "binary"` and a note on what to pass; a `text/plain` body keeps its schema as a string, number or boolean
 * (a string when it names no type, or only types text cannot carry).
 *
 * @example
 * const { schema, pruned } = buildLayeredSchema(operation, { maxDepth: 2 });
 */
export function buildLayeredSchema(operation: OperationSpec, options: LayeredSchemaOptions = {}): LayeredSchema {
  if (!isOperationSpec(operation))
    throw invalidArgumentError("buildLayeredSchema", "operation", operation, OPERATION_EXPECTED);
  checkObjectArgument("buildLayeredSchema", "options", options, true);
  // One object, not closures: this runs for each of the thousands of operations of a large spec.
  const build: SectionBuilder = {
    operation,
    options,
    refSiblings: options.refSiblings ?? refSiblingsOf(operation),
    // A Swagger 2.0 operation's schemas stood elsewhere in its author's file (a body was a parameter).
    namesDocumentPlaces: !isUpgradedFromSwagger2(operation.document),
    pruned: [],
    conflicts: [],
  };
  const properties: JsonSchema = {};
  const required: string[] = [];
  for (const section of SECTION_ORDER) {
    const built = section === "body" ? bodySection(operation, build) : parameterSection(operation, section, build);
    if (built === undefined) continue;
    properties[section] = built.schema;
    if (built.required) required.push(section);
  }
  const schema: JsonSchema = { type: "object", properties };
  if (required.length > 0) schema.required = trimmedArray(required);
  return { schema, pruned: build.pruned, conflicts: build.conflicts };
}

/** How sections are built for one operation, and what their expansions cut or could not merge. */
interface SectionBuilder {
  operation: OperationSpec;
  options: LayeredSchemaOptions;
  refSiblings: "all" | "annotations";
  /** Whether the operation's schemas stand in the document where its author wrote them, for errors to name. */
  namesDocumentPlaces: boolean;
  pruned: PrunedSchema[];
  conflicts: SchemaConflict[];
}

/**
 * Expands a schema of the operation, at `pointer` in the tool and `documentPointer` in the document, with
 * {@link expandRefs}.
 */
function expandAt(
  build: SectionBuilder,
  schema: unknown,
  pointer: string,
  documentPointer: string | undefined,
  omitReadOnly: boolean,
): ExpandedSchema {
  const { operation, options } = build;
  // Written out rather than spread from `options`: spreading is slow, and this runs for every parameter.
  return expandRefs(schema, {
    document: operation.document,
    documentIsSchema: false,
    pointer,
    documentPointer: build.namesDocumentPlaces ? documentPointer : undefined,
    omitReadOnly,
    refSiblings: build.refSiblings,
    maxDepth: options.maxDepth,
    resolveExternalRef: options.resolveExternalRef,
    cache: options.cache,
  });
}

/** Adds what an expansion cut or could not merge to the operation's report. */
function report(build: SectionBuilder, expanded: Pick<ExpandedSchema, "pruned" | "conflicts">): void {
  for (const entry of expanded.pruned) build.pruned.push(entry);
  for (const entry of expanded.conflicts) build.conflicts.push(entry);
}

function parameterSection(
  operation: OperationSpec,
  location: ParameterLocation,
  build: SectionBuilder,
): { schema: JsonSchema; required: boolean } | undefined {
  // Most operations lack most locations: nothing is allocated for those.
  let properties: JsonSchema | undefined;
  let required: string[] | undefined;
  for (const parameter of operation.parameters) {
    if (parameter.in !== location) continue;
    if (parameter.ignored !== undefined) {
      build.conflicts.push(ignoredParameterConflict(parameter, parameter.ignored));
      continue;
    }
    properties ??= {};
    setOwnProperty(properties, parameter.name, propertyOfParameter(parameter, build));
    if (parameter.fromPlaceholder === true) build.conflicts.push(placeholderParameterConflict(parameter));
    if (!parameter.required) continue;
    required ??= [];
    required.push(parameter.name);
  }
  if (properties === undefined) return undefined;
  const schema: JsonSchema = { type: "object", description: SECTION_DESCRIPTIONS[location], properties };
  if (required !== undefined) schema.required = trimmedArray(required);
  return { schema, required: required !== undefined };
}

/** Where a parameter's property is in the layered schema. */
function parameterPointer(parameter: ParameterSpec): string {
  return `#/properties/${parameter.in}/properties/${escapeJsonPointerToken(parameter.name)}`;
}

/** The report of a parameter left out of the tool, at the pointer it would have had. */
function ignoredParameterConflict(parameter: ParameterSpec, reason: string): SchemaConflict {
  return {
    pointer: parameterPointer(parameter),
    keyword: "in",
    message: `The ${parameter.in} parameter "${parameter.name}" is left out of the tool: ${reason}`,
  };
}

/** The report of a parameter the spec does not declare, read from a placeholder of the path key. */
function placeholderParameterConflict(parameter: ParameterSpec): SchemaConflict {
  const kind = parameter.required ? "a required" : "an optional";
  return {
    pointer: parameterPointer(parameter),
    keyword: "in",
    message: `The path key has {${parameter.name}}, which no parameter declares: the tool asks for it as ${kind} string ${parameter.in} parameter`,
  };
}

/** A parameter's property schema, shared with every operation that has the same parameter when there is a cache. */
function propertyOfParameter(parameter: ParameterSpec, build: SectionBuilder): JsonSchema {
  const parameterCache = build.options.parameterCache;
  const shared = parameterCache?.get(parameter.schema)?.find((entry) => saysTheSame(entry.parameter, parameter));
  if (shared !== undefined) {
    // Report entries are copied so that no two reports share one; the pointers are the same (same name, location).
    if (shared.pruned.length > 0 || shared.conflicts.length > 0) {
      for (const entry of shared.pruned) build.pruned.push(copyEntry(entry));
      for (const entry of shared.conflicts) build.conflicts.push(copyEntry(entry));
    }
    return shared.schema;
  }
  const pointer = parameterPointer(parameter);
  const expanded = expandAt(build, parameter.schema, pointer, parameterSchemaPointer(parameter), false);
  report(build, expanded);
  let schema = parameterSchema(parameter, expanded.schema, pointer);
  let { conflicts } = expanded;
  if (parameter.in === "path" && allowsNull(schema.type)) {
    // .NET generators mark the path parameters of nullable types `nullable`; a segment cannot be null.
    schema = withoutNullType(schema, schema.type);
    const conflict = {
      pointer,
      keyword: "type",
      message: "A path parameter cannot be null: null is taken out of its type",
    };
    build.conflicts.push(conflict);
    conflicts = [...conflicts, conflict];
  }
  if (parameterCache !== undefined) {
    const entry = { parameter, schema, pruned: expanded.pruned, conflicts };
    const entries = parameterCache.get(parameter.schema);
    if (entries === undefined) parameterCache.set(parameter.schema, [entry]);
    else entries.push(entry);
  }
  return schema;
}

/** Where a parameter's schema is in the document: under `content` for one described by a media type. */
function parameterSchemaPointer(parameter: ParameterSpec): string | undefined {
  if (parameter.fromPlaceholder === true) return undefined; // its schema is made here, not the document's
  const { pointer, contentType } = parameter;
  return contentType === undefined
    ? `${pointer}/schema`
    : `${pointer}/content/${escapeJsonPointerToken(contentType)}/schema`;
}

function allowsNull(type: unknown): type is unknown[] {
  return Array.isArray(type) && type.includes("null");
}

/** The schema with `null` out of its type list: the one type left on its own, no type when none is left. */
function withoutNullType(schema: JsonSchema, types: unknown[]): JsonSchema {
  const left = types.filter((type) => type !== "null");
  if (left.length > 0) return { ...schema, type: left.length === 1 ? left[0] : left };
  const { type: _null, ...rest } = schema;
  return rest;
}

/** Whether two parameters with one schema object give the same property schema at the same pointer. */
function saysTheSame(left: ParameterSpec, right: ParameterSpec): boolean {
  return (
    left === right ||
    (left.name === right.name &&
      left.in === right.in &&
      left.description === right.description &&
      left.example === right.example &&
      left.examples === right.examples &&
      left.deprecated === right.deprecated)
  );
}

function copyEntry<Entry extends object>(entry: Entry): Entry {
  return { ...entry };
}

/**
 * A parameter's expanded schema (at `pointer`) with what the parameter itself says: description, examples,
 * deprecation. The parameter's example or examples replace the schema's (OAS 3 Parameter Object: they "SHALL
 * override the example provided by the schema"). Examples are copied, as the expander copies a schema's own.
 */
function parameterSchema(parameter: ParameterSpec, schema: JsonSchema, pointer: string): JsonSchema {
  const examples = parameter.examples === undefined ? undefined : exampleValues(parameter.examples);
  const result = parameter.example !== undefined || examples !== undefined ? withoutExamples(schema) : { ...schema };
  if (parameter.description !== undefined) result.description = parameter.description;
  if (parameter.example !== undefined) result.example = copyKeywordValue(parameter.example, pointer, "example");
  if (examples !== undefined) result.examples = copyKeywordValue(examples, pointer, "examples");
  if (parameter.deprecated === true) result.deprecated = true;
  return result;
}

/** The `value`s of Example Objects (one with only an `externalValue` has none), or undefined when none has one. */
function exampleValues(examples: Record<string, unknown>): unknown[] | undefined {
  const values = Object.values(examples)
    .filter((example) => isJsonObject(example) && Object.hasOwn(example, "value"))
    .map((example) => (example as JsonSchema).value);
  return values.length > 0 ? values : undefined;
}

function withoutExamples(schema: JsonSchema): JsonSchema {
  const { example: _example, examples: _examples, ...rest } = schema;
  return rest;
}

function bodySection(
  operation: OperationSpec,
  build: SectionBuilder,
): { schema: JsonSchema; required: boolean } | undefined {
  const body = operation.requestBody;
  if (body === undefined) return undefined;
  const mediaType = mediaTypeEssence(body.mediaType);
  const isForm = mediaType === "application/x-www-form-urlencoded" || mediaType.startsWith("multipart/");
  const isJson = isJsonMediaType(mediaType);
  let schema: JsonSchema | undefined;
  if (mediaType === "text/plain") schema = textBodySchema(expandBody(build, body), build);
  else if (isJson || isForm || isJsonWildcard(mediaType)) {
    const expanded = expandBody(build, body);
    // A body of any media type (`*/*`) is a file when its schema is a string, and JSON otherwise.
    if (isJson || isForm || expanded.schema.type !== "string") {
      report(build, expanded);
      schema = expanded.schema;
    }
  }
  schema ??= { type: "string", format: "binary", description: BINARY_NOTE };
  if (isForm) schema = markBinaryFields(saysNothingOfItsShape(schema) ? { ...schema, type: "object" } : schema);
  const description = body.description ?? (typeof schema.description === "string" ? schema.description : undefined);
  const bodyDescription = description ?? `${SECTION_DESCRIPTIONS.body} (${mediaType})`;
  if (!isObjectSchema(schema)) return { schema: { ...schema, description: bodyDescription }, required: body.required };
  // An object body reads like the other sections: type, description, properties and required first.
  const section: JsonSchema = {
    type: "object",
    description: bodyDescription,
    properties: isJsonObject(schema.properties) ? schema.properties : {},
  };
  if (schema.required !== undefined) section.required = schema.required;
  for (const [keyword, value] of Object.entries(schema)) {
    if (!Object.hasOwn(section, keyword)) setOwnProperty(section, keyword, value);
  }
  return { schema: section, required: body.required };
}

function expandBody(build: SectionBuilder, body: RequestBodySpec): ExpandedSchema {
  const bodySchemaPointer =
    body.schemaPointer ?? `${body.pointer}/content/${escapeJsonPointerToken(body.mediaType)}/schema`;
  return expandAt(build, body.schema, "#/properties/body", bodySchemaPointer, true);
}

/** The JSON types whose values a `text/plain` body carries as their text (encode-body.ts sends `String(value)`). */
const TEXT_TYPES: ReadonlySet<unknown> = new Set(["string", "integer", "number", "boolean"]);

/**
 * A `text/plain` body's schema: the expanded one, with `type: "string"` when it names no type. Types text cannot
 * carry (objects and arrays, which the request side refuses for a text body, and null) leave its `type`; when none
 * is left, the body is a string with the schema's description. Either is reported in `conflicts`.
 */
function textBodySchema(expanded: ExpandedSchema, build: SectionBuilder): JsonSchema {
  const { schema } = expanded;
  const { type } = schema;
  const types: unknown[] = type === undefined ? [] : Array.isArray(type) ? type : [type];
  const textTypes = types.filter((each) => TEXT_TYPES.has(each));
  if (textTypes.length === types.length) {
    report(build, expanded);
    return type === undefined ? { type: "string", ...schema } : schema;
  }
  const pointer = "#/properties/body";
  if (textTypes.length === 0) {
    // Nothing of the schema describes text: what its expansion cut or merged is not in the tool either.
    const message = `A text/plain body is text: its schema of type ${JSON.stringify(type)} is replaced by a string`;
    build.conflicts.push({ pointer, keyword: "type", message });
    return typeof schema.description === "string"
      ? { type: "string", description: schema.description }
      : { type: "string" };
  }
  const kept = textTypes.length === 1 ? textTypes[0] : textTypes;
  const message = `A text/plain body is text: its type ${JSON.stringify(type)} becomes ${JSON.stringify(kept)}`;
  build.conflicts.push({ pointer, keyword: "type", message });
  report(build, expanded);
  return { ...schema, type: kept };
}

/** Form fields that carry files (`format: binary`/`base64`, `contentMediaType`) become described binary strings. */
function markBinaryFields(schema: JsonSchema): JsonSchema {
  if (!isJsonObject(schema.properties)) return schema;
  const properties: JsonSchema = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    setOwnProperty(properties, name, isJsonObject(field) ? markBinaryField(field) : field);
  }
  return { ...schema, properties };
}

function markBinaryField(field: JsonSchema): JsonSchema {
  if (field.type === "array" && isJsonObject(field.items)) return { ...field, items: markBinaryField(field.items) };
  const isFile =
    field.format === "binary" ||
    field.format === "base64" ||
    field.contentMediaType !== undefined ||
    field.contentEncoding !== undefined;
  if (!isFile) return field;
  const description = typeof field.description === "string" ? `${field.description}. ${BINARY_NOTE}` : BINARY_NOTE;
  return { type: "string", format: "binary", description };
}

/**
 * Whether a schema holds only annotations (`{}`, as Codat declares its multipart uploads): a form body is then an
 * object of fields, the only kind the request side can encode, and the tool says so.
 */
function saysNothingOfItsShape(schema: JsonSchema): boolean {
  return Object.keys(schema).every((keyword) => ANNOTATION_KEYWORDS.has(keyword));
}

function isObjectSchema(schema: JsonSchema): boolean {
  const type = schema.type;
  if (type === "object") return true;
  if (type !== undefined) return false;
  return isJsonObject(schema.properties) || schema.additionalProperties !== undefined;
}

/** OAS 3.0 ignores a `$ref`'s sibling keywords (other than annotations); OAS 3.1 and JSON Schema 2019+ apply them. */
function refSiblingsOf(operation: OperationSpec): "all" | "annotations" {
  const version = operation.document.openapi;
  return typeof version === "string" && version.startsWith("3.0") ? "annotations" : "all";
}
