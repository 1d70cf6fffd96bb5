import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
// A type-only import: the JSON types live with the schema module, and erase at build time.
import type { JsonObject, JsonValue } from "../schema/json-schema.js";
import { findDeepNesting } from "./find-deep-nesting.js";
import { PATHS_KEYS } from "./for-each-path.js";
import { appendJsonPointer, shortPointer } from "./json-pointer.js";
import { setOwnProperty } from "./own-properties.js";
import { markUpgradedFromSwagger2, upgradeRef } from "./swagger2-refs.js";

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch"] as const;
const FORM_MEDIA_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
/**
 * Swagger 2.0 parameter keywords that describe the value, and move into the OAS 3 parameter's `schema` (also read so
 * from a tool box's parameter that has them and no `schema`).
 */
export const SCHEMA_KEYWORDS = [
  "type",
  "format",
  "items",
  "default",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "enum",
  "multipleOf",
] as const;
/** Swagger 2.0 `collectionFormat` as OAS 3 `style`/`explode` (`tsv` has no equivalent: see `upgradeParameter`). */
const COLLECTION_STYLES: Record<string, { style: string; explode: boolean }> = {
  csv: { style: "form", explode: false },
  ssv: { style: "spaceDelimited", explode: false },
  pipes: { style: "pipeDelimited", explode: false },
  multi: { style: "form", explode: true },
  tsv: { style: "form", explode: false },
};

/** Levels a Swagger 2.0 document may nest. Real ones nest a few dozen; the expander refuses schemas past 400 anyway. */
const MAX_DOCUMENT_DEPTH = 1000;

/**
 * Upgrades a Swagger 2.0 document to OpenAPI 3.0.3, as a new document (the input is never mutated):
 *
 * - The operations of `paths` and of Azure's `x-ms-paths` are upgraded alike; extensions among the paths are kept.
 * - `host`, `basePath` and `schemes` become `servers` (one per scheme; a relative URL when there is no host), and
 *   Azure's `x-ms-parameterized-host` a server URL template with variables;
 *   operation-level `schemes` become operation `servers`.
 * - `definitions` become `components.schemas`; global `parameters` and `responses` become `components.parameters`
 *   and `components.responses`, and every `#/definitions/`, `#/parameters/` and `#/responses/` ref is rewritten.
 * - A `body` parameter becomes `requestBody`, with one content entry per `consumes` media type (operation's, else
 *   the document's, else JSON). `formData` parameters become one object schema under
 *   `application/x-www-form-urlencoded`, or `multipart/form-data` when a field is a `file` (which becomes
 *   `{type: "string", format: "binary"}`) or `consumes` says so. Global body and form parameters are inlined.
 * - Parameter type keywords move into `schema`; `collectionFormat` becomes `style`/`explode` (`csv`: form, explode
 *   false, Swagger's default; `ssv`: spaceDelimited; `pipes`: pipeDelimited; `multi`: form, explode true; `tsv` has
 *   no OAS 3 style, so it is sent as `csv` and the description says values are tab-separated). In path and header
 *   parameters `csv` is OAS 3's default `simple` style. A `formData` array's becomes its urlencoded `encoding`;
 *   in multipart, which OAS 3 gives no style, an array is one part per item (`multi`) whatever its format.
 * - Responses' `schema` becomes `content` for every `produces` media type, `examples` become each media type's
 *   `example`, and response header types move into `schema`.
 * - `securityDefinitions` become `components.securitySchemes` (`basic` is `http`/`basic`; OAuth2 flows are renamed:
 *   `application` is `clientCredentials`, `accessCode` is `authorizationCode`).
 * - In schemas, `x-nullable: true` becomes `nullable: true`, `type: "file"` becomes a binary string and a string
 *   `discriminator` becomes `{propertyName}`.
 * - An operation, parameter or response that is broken (not an object, a parameter ref to nothing, `parameters`
 *   that are not a list) is kept as written, so that reading it fails that operation alone, as in an OAS 3
 *   document. Only paths or a path item that are not objects fail the whole upgrade.
 *
 * @example
 * const openapi = upgradeSwagger2(JSON.parse(swaggerText));
 */
export function upgradeSwagger2(document: JsonObject): JsonObject {
  checkObjectArgument("upgradeSwagger2", "document", document);
  if (document.swagger !== "2.0") {
    throw new ActionRecallError(
      "UNSUPPORTED_SPEC",
      `Expected "swagger": "2.0", found ${JSON.stringify(document.swagger)}`,
      {
        data: { pointer: "#/swagger" },
      },
    );
  }
  // The upgrade copies the whole document recursively: one nested 10,000 deep is refused before it overflows the stack.
  const deep = findDeepNesting(document, MAX_DOCUMENT_DEPTH);
  if (deep !== undefined) {
    throw new ActionRecallError(
      "SCHEMA_TOO_DEEP",
      `The Swagger 2.0 document nests deeper than ${MAX_DOCUMENT_DEPTH} levels at ${shortPointer(deep)}: it cannot be upgraded`,
      { data: { pointer: `#${deep.slice(0, 2000)}` } },
    );
  }
  const upgrader = new SwaggerUpgrader(document);
  const upgraded: JsonObject = {};
  for (const [key, value] of Object.entries(document)) {
    if (key === "swagger") upgraded.openapi = "3.0.3";
    else if ((PATHS_KEYS as readonly string[]).includes(key))
      setOwnProperty(upgraded, key, upgrader.upgradePaths(key, value));
    else if (SERVER_KEYS.includes(key)) upgraded.servers = upgrader.servers(document.schemes);
    else if (!["definitions", "parameters", "responses", "securityDefinitions", "consumes", "produces"].includes(key)) {
      setOwnProperty(upgraded, key, upgradeRefs(value));
    }
  }
  const components = upgrader.components();
  if (Object.keys(components).length > 0) upgraded.components = components;
  markUpgradedFromSwagger2(upgraded);
  return upgraded;
}

/** The keys a document's `servers` are made of; the first of them found stands where `servers` goes. */
const SERVER_KEYS = ["host", "basePath", "schemes", "x-ms-parameterized-host"];

class SwaggerUpgrader {
  private readonly consumes: string[];
  private readonly produces: string[];

  constructor(private readonly document: JsonObject) {
    this.consumes = mediaTypes(document.consumes) ?? ["application/json"];
    this.produces = mediaTypes(document.produces) ?? ["application/json"];
  }

  servers(schemes: JsonValue | undefined): JsonObject[] {
    const parameterized = this.document["x-ms-parameterized-host"];
    const hostTemplate = isObject(parameterized) ? parameterized.hostTemplate : undefined;
    const host = typeof hostTemplate === "string" ? hostTemplate : this.document.host;
    const basePath = typeof this.document.basePath === "string" ? this.document.basePath : "/";
    if (typeof host !== "string") return [{ url: basePath }];
    const names =
      Array.isArray(schemes) && schemes.length > 0 ? schemes.filter((scheme) => typeof scheme === "string") : ["https"];
    // `useSchemePrefix: false` says the template holds the scheme (`{vaultBaseUrl}`).
    const prefixes =
      isObject(parameterized) && parameterized.useSchemePrefix === false ? [""] : names.map((name) => `${name}://`);
    const variables = isObject(parameterized) ? this.hostVariables(parameterized.parameters) : undefined;
    return prefixes.map((prefix) => {
      const server: JsonObject = { url: `${prefix}${host}${basePath === "/" ? "" : basePath}` };
      if (variables !== undefined) server.variables = variables;
      return server;
    });
  }

  /**
   * Azure's `x-ms-parameterized-host` (`{hostTemplate: "{accountName}.blob.core.windows.net", parameters}`) makes the
   * host a template, which wins over `host` (such specs set it to a placeholder). Its parameters become server
   * variables with their `default` where they have one; one without a default stays in the URL, so building a request
   * names it until the caller passes `serverUrl`: the host is the caller's to choose, never the model's.
   */
  private hostVariables(parameters: JsonValue | undefined): JsonObject | undefined {
    if (!Array.isArray(parameters)) return undefined;
    const variables: JsonObject = {};
    for (const { parameter } of this.resolveParameters(parameters)) {
      if (parameter === undefined || typeof parameter.name !== "string") continue;
      const variable: JsonObject = {};
      if (typeof parameter.default === "string") variable.default = parameter.default;
      if (typeof parameter.description === "string") variable.description = parameter.description;
      setOwnProperty(variables, parameter.name, variable);
    }
    return variables;
  }

  components(): JsonObject {
    const components: JsonObject = {};
    const { definitions, parameters, responses, securityDefinitions } = this.document;
    if (isObject(definitions)) components.schemas = mapValues(definitions, (schema) => upgradeSchema(schema));
    if (isObject(responses)) {
      components.responses = mapValues(responses, (response) => this.upgradeResponse(response, this.produces));
    }
    if (isObject(parameters)) {
      // Body and form parameters have no OAS 3 component form: operations that use them get them inlined.
      const plain = Object.entries(parameters).filter(
        ([, parameter]) => isObject(parameter) && !isBodyOrForm(parameter),
      );
      if (plain.length > 0)
        components.parameters = mapValues(Object.fromEntries(plain), (parameter) =>
          upgradeParameter(parameter as JsonObject),
        );
    }
    if (isObject(securityDefinitions))
      components.securitySchemes = mapValues(securityDefinitions, upgradeSecurityScheme);
    return components;
  }

  /** The path items of `paths` or `x-ms-paths` (`key`), each operation upgraded; extensions (`x-*`) kept as written. */
  upgradePaths(key: string, paths: JsonValue): JsonObject {
    if (!isObject(paths)) throw invalid(`#/${key}`, "is not an object");
    return mapValues(paths, (pathItem, path) => {
      if (path.startsWith("x-")) return pathItem;
      const pointer = appendJsonPointer(`#/${key}`, path);
      if (!isObject(pathItem)) throw invalid(pointer, "is not an object");
      const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
      const upgraded: JsonObject = {};
      for (const [key, value] of Object.entries(pathItem)) {
        if ((HTTP_METHODS as readonly string[]).includes(key)) {
          upgraded[key] = this.upgradeOperation(value, shared);
        } else if (key === "parameters" && Array.isArray(value)) {
          const plain = this.resolveParameters(value).filter(({ parameter }) => !isBodyOrForm(parameter));
          if (plain.length > 0) upgraded.parameters = plain.map(upgradeParameterOrRef);
        } else {
          setOwnProperty(upgraded, key, upgradeRefs(value));
        }
      }
      return upgraded;
    });
  }

  /** An operation that is not an object stays as it is: reading it fails that operation alone, as in OAS 3. */
  private upgradeOperation(operation: JsonValue, shared: JsonValue[]): JsonValue {
    if (!isObject(operation)) return operation;
    const consumes = mediaTypes(operation.consumes) ?? this.consumes;
    const produces = mediaTypes(operation.produces) ?? this.produces;
    const own = Array.isArray(operation.parameters) ? operation.parameters : [];
    // Path-level parameters apply unless the operation redefines the same name and location.
    const ownParameters = this.resolveParameters(own);
    const inherited = this.resolveParameters(shared).filter(
      ({ parameter }) => !ownParameters.some((entry) => isSameParameter(entry.parameter, parameter)),
    );
    const all = [...inherited, ...ownParameters];
    const upgraded: JsonObject = {};
    for (const [key, value] of Object.entries(operation)) {
      if (key === "consumes" || key === "produces") continue;
      if (key === "parameters" && Array.isArray(value)) {
        const plain = ownParameters.filter(({ parameter }) => !isBodyOrForm(parameter));
        if (plain.length > 0) upgraded.parameters = plain.map(upgradeParameterOrRef);
      } else if (key === "responses" && isObject(value)) {
        upgraded.responses = mapValues(value, (response) => this.upgradeResponse(response, produces));
      } else if (key === "schemes") {
        upgraded.servers = this.servers(value);
      } else {
        setOwnProperty(upgraded, key, upgradeRefs(value));
      }
    }
    const requestBody = upgradeRequestBody(
      all.flatMap(({ parameter }) => (parameter === undefined ? [] : [parameter])),
      consumes,
    );
    if (requestBody !== undefined) upgraded.requestBody = requestBody;
    return upgraded;
  }

  /**
   * Each parameter as written (`source`, maybe a ref) and as resolved (`parameter`), to know its location. One that
   * is not an object, or a ref to nothing, has no `parameter`: it is kept as written, and reading it fails its
   * operation alone, as in OAS 3.
   */
  private resolveParameters(parameters: JsonValue[]): ResolvedParameter[] {
    return parameters.map((source) => {
      if (!isObject(source) || typeof source.$ref !== "string") {
        return { source, parameter: isObject(source) ? source : undefined };
      }
      const ref = source.$ref;
      const name = ref.startsWith("#/parameters/") ? decodeToken(ref.slice("#/parameters/".length)) : undefined;
      const globals = this.document.parameters;
      const parameter =
        name !== undefined && isObject(globals) && Object.hasOwn(globals, name) ? globals[name] : undefined;
      return { source, parameter: isObject(parameter) ? parameter : undefined };
    });
  }

  /** A response that is not an object stays as it is: operations are read without their responses. */
  private upgradeResponse(response: JsonValue, produces: string[]): JsonValue {
    if (!isObject(response)) return response;
    if (typeof response.$ref === "string") return { $ref: upgradeRef(response.$ref) };
    const upgraded: JsonObject = {};
    for (const [key, value] of Object.entries(response)) {
      if (key === "schema") {
        const examples = isObject(response.examples) ? response.examples : {};
        upgraded.content = Object.fromEntries(
          produces.map((mediaType) => {
            const content: JsonObject = { schema: upgradeSchema(value) };
            if (Object.hasOwn(examples, mediaType)) content.example = upgradeRefs(examples[mediaType] as JsonValue);
            return [mediaType, content];
          }),
        );
      } else if (key === "headers" && isObject(value)) {
        upgraded.headers = mapValues(value, (header) => (isObject(header) ? moveIntoSchema(header) : header));
      } else if (key !== "examples") {
        setOwnProperty(upgraded, key, upgradeRefs(value));
      }
    }
    return upgraded;
  }
}

/** A parameter as written (`source`) and as resolved, when it resolves to an object. */
interface ResolvedParameter {
  source: JsonValue;
  parameter: JsonObject | undefined;
}

function upgradeParameterOrRef({ source, parameter }: ResolvedParameter): JsonValue {
  if (isObject(source) && typeof source.$ref === "string") return { $ref: upgradeRef(source.$ref) };
  return parameter === undefined ? source : upgradeParameter(parameter);
}

/** A query, path, header or cookie parameter: type keywords into `schema`, `collectionFormat` into style. */
function upgradeParameter(parameter: JsonObject): JsonObject {
  const upgraded = moveIntoSchema(parameter);
  const collectionFormat = collectionFormatOf(parameter);
  if (collectionFormat === undefined) return upgraded;
  const inSimpleStyle = parameter.in === "path" || parameter.in === "header";
  const style = styleOf(collectionFormat);
  if (style !== undefined && !(inSimpleStyle && collectionFormat === "csv")) {
    upgraded.style = style.style;
    upgraded.explode = style.explode;
  }
  if (collectionFormat === "tsv") upgraded.description = describedAsTsv(parameter);
  return upgraded;
}

/** An array parameter's `collectionFormat`, `csv` (Swagger 2.0's default) when it has none; undefined for no array. */
function collectionFormatOf(parameter: JsonObject): string | undefined {
  if (parameter.type !== "array") return undefined;
  return typeof parameter.collectionFormat === "string" ? parameter.collectionFormat : "csv";
}

/** The OAS 3 style of a `collectionFormat`; undefined for one Swagger 2.0 does not define. */
function styleOf(collectionFormat: string): { style: string; explode: boolean } | undefined {
  return Object.hasOwn(COLLECTION_STYLES, collectionFormat) ? COLLECTION_STYLES[collectionFormat] : undefined;
}

/** The description of a `tsv` parameter, with the note that says what no OAS 3 style can. */
function describedAsTsv(parameter: JsonObject): string {
  const note = "Values are separated by tabs (Swagger 2.0 collectionFormat tsv).";
  return typeof parameter.description === "string" ? `${parameter.description} ${note}` : note;
}

/** Moves a Swagger 2.0 parameter's or header's type keywords into an OAS 3 `schema`. */
function moveIntoSchema(parameter: JsonObject): JsonObject {
  const upgraded: JsonObject = {};
  const schema: JsonObject = {};
  for (const [key, value] of Object.entries(parameter)) {
    if ((SCHEMA_KEYWORDS as readonly string[]).includes(key)) schema[key] = value;
    else if (key === "schema") upgraded.schema = upgradeSchema(value);
    else if (key !== "collectionFormat") {
      setOwnProperty(upgraded, key, upgradeRefs(value));
    }
  }
  if (Object.keys(schema).length > 0) upgraded.schema = upgradeSchema(schema);
  return upgraded;
}

/** The request body from an operation's `body` parameter or its `formData` parameters. */
function upgradeRequestBody(parameters: JsonObject[], consumes: string[]): JsonObject | undefined {
  const body = parameters.find((parameter) => parameter.in === "body");
  if (body !== undefined) {
    const schema = upgradeSchema(body.schema ?? {});
    const requestBody: JsonObject = {
      content: Object.fromEntries(consumes.map((mediaType) => [mediaType, { schema }])),
    };
    if (typeof body.description === "string") requestBody.description = body.description;
    if (body.required === true) requestBody.required = true;
    return requestBody;
  }
  const fields = parameters.filter((parameter) => parameter.in === "formData");
  if (fields.length === 0) return undefined;
  const properties: [string, JsonValue][] = [];
  const required: string[] = [];
  // Each array field's `collectionFormat` as the style of its urlencoded part.
  const encoding: [string, JsonValue][] = [];
  for (const field of fields) {
    const name = String(field.name);
    const { schema: property = {} } = moveIntoSchema(field);
    const collectionFormat = collectionFormatOf(field);
    const description = collectionFormat === "tsv" ? describedAsTsv(field) : field.description;
    if (isObject(property) && typeof description === "string") property.description = description;
    properties.push([name, property]);
    if (field.required === true) required.push(name);
    const style = collectionFormat === undefined ? undefined : styleOf(collectionFormat);
    if (style !== undefined) encoding.push([name, { style: style.style, explode: style.explode }]);
  }
  const schema: JsonObject = { type: "object", properties: Object.fromEntries(properties) };
  if (required.length > 0) schema.required = required;
  const hasFile = fields.some((field) => field.type === "file");
  const declared = FORM_MEDIA_TYPES.filter(
    (mediaType) => consumes.includes(mediaType) && (!hasFile || mediaType === "multipart/form-data"),
  );
  const chosen =
    declared.length > 0 ? declared : [hasFile ? "multipart/form-data" : "application/x-www-form-urlencoded"];
  // OAS 3 applies `style` to urlencoded bodies alone: a multipart array is one part per item, as `multi` says.
  const content = chosen.map((mediaType) => {
    const media: JsonObject = { schema };
    if (mediaType === "application/x-www-form-urlencoded" && encoding.length > 0) {
      media.encoding = Object.fromEntries(encoding);
    }
    return [mediaType, media];
  });
  const requestBody: JsonObject = { content: Object.fromEntries(content) };
  if (required.length > 0) requestBody.required = true;
  return requestBody;
}

function upgradeSecurityScheme(scheme: JsonValue): JsonValue {
  if (!isObject(scheme)) return scheme;
  const description = typeof scheme.description === "string" ? { description: scheme.description } : {};
  if (scheme.type === "basic") return { type: "http", scheme: "basic", ...description };
  if (scheme.type !== "oauth2") return upgradeRefs(scheme);
  const flowNames: Record<string, string> = {
    implicit: "implicit",
    password: "password",
    application: "clientCredentials",
    accessCode: "authorizationCode",
  };
  const flow: JsonObject = { scopes: isObject(scheme.scopes) ? scheme.scopes : {} };
  if (typeof scheme.authorizationUrl === "string") flow.authorizationUrl = scheme.authorizationUrl;
  if (typeof scheme.tokenUrl === "string") flow.tokenUrl = scheme.tokenUrl;
  const flowName =
    typeof scheme.flow === "string" && Object.hasOwn(flowNames, scheme.flow) ? flowNames[scheme.flow] : undefined;
  return { type: "oauth2", ...description, flows: flowName === undefined ? {} : { [flowName]: flow } };
}

/** A Swagger 2.0 schema as OAS 3.0: refs rewritten, `x-nullable`, `file` and string discriminators upgraded. */
function upgradeSchema(schema: JsonValue): JsonValue {
  if (Array.isArray(schema)) return schema.map(upgradeSchema);
  if (!isObject(schema)) return schema;
  const upgraded: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$ref" && typeof value === "string") upgraded.$ref = upgradeRef(value);
    else if (key === "x-nullable" && typeof value === "boolean") upgraded.nullable = value;
    else if (key === "type" && value === "file") {
      upgraded.type = "string";
      upgraded.format = "binary";
    } else if (key === "discriminator" && typeof value === "string") upgraded.discriminator = { propertyName: value };
    else setOwnProperty(upgraded, key, upgradeSchema(value));
  }
  return upgraded;
}

/** Copies any value, rewriting `$ref` strings to their OAS 3 locations. */
function upgradeRefs(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(upgradeRefs);
  if (!isObject(value)) return value;
  return mapValues(value, (entry, key) =>
    key === "$ref" && typeof entry === "string" ? upgradeRef(entry) : upgradeRefs(entry),
  );
}

/** Whether two resolved parameters have the same name and location (one that did not resolve matches none). */
function isSameParameter(a: JsonObject | undefined, b: JsonObject | undefined): boolean {
  return a !== undefined && b !== undefined && a.name === b.name && a.in === b.in;
}

function isBodyOrForm(parameter: JsonObject | undefined): boolean {
  return parameter?.in === "body" || parameter?.in === "formData";
}

function mediaTypes(value: JsonValue | undefined): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.filter((entry): entry is string => typeof entry === "string");
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Maps an object's values, keeping its keys (including `__proto__`) as own data properties. */
function mapValues(object: JsonObject, map: (value: JsonValue, key: string) => JsonValue): JsonObject {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value, key)]));
}

function decodeToken(token: string): string | undefined {
  try {
    return decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~");
  } catch {
    return undefined; // malformed percent-encoding: reported as a ref that resolves to nothing
  }
}

function invalid(pointer: string, what: string): ActionRecallError {
  return new ActionRecallError("INVALID_DOCUMENT", `Swagger 2.0 document: ${pointer} ${what}`, { data: { pointer } });
}
