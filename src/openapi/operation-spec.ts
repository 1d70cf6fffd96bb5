import type { JsonObject, JsonSchema } from "../schema/json-schema.js";

/** Where a parameter goes in an HTTP request. */
export type ParameterLocation = "path" | "query" | "header" | "cookie";

/** A section of a layered tool schema: the parameter locations plus the request body. */
export type ArgumentSection = ParameterLocation | "body";

/**
 * The HTTP method of an operation, upper-case: one of OpenAPI's fixed fields (`QUERY` since 3.2), or another method
 * an OpenAPI 3.2 path item names in `additionalOperations` (`COPY`, `LOCK`).
 */
export type HttpMethod =
  | "GET"
  | "PUT"
  | "POST"
  | "DELETE"
  | "OPTIONS"
  | "HEAD"
  | "PATCH"
  | "TRACE"
  | "QUERY"
  | (string & {});

/** One parameter of an operation, path-level and operation-level already merged. */
export interface ParameterSpec {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  /** The parameter's schema as written (it may hold `$ref`s into `OperationSpec.document`). */
  schema: JsonSchema;
  /**
   * Why a model may not write this parameter: a header parameter OpenAPI says to ignore (Accept, Content-Type and
   * Authorization) or one the HTTP client owns, which only a caller's fixed value sets; or an optional parameter with
   * no name, which nothing sets. Either is left out of the tool.
   */
  ignored?: string;
  /**
   * An OpenAPI 3.2 `in: "querystring"` parameter, read into the `query` section: its value is the whole query string,
   * written in its `contentType` (form-urlencoded members, or JSON text).
   */
  wholeQueryString?: true;
  /**
   * The media type of `content`, for a parameter described by it instead of a `schema`: its value is sent whole, as
   * one string in that type (JSON text for a JSON type), and `style` does not apply.
   */
  contentType?: string;
  /**
   * A path parameter whose value spans segments, as the spec says with Azure's `x-ms-skip-url-encoding` or
   * `allowReserved` (a scope such as `subscriptions/1/resourceGroups/rg`): its `/` are kept, each segment is encoded,
   * and an empty or dot segment is refused.
   */
  spansSegments?: true;
  /**
   * A parameter the spec does not declare, read from a placeholder of the path key that nothing else fills
   * (`?term={term}`): a string (see `withPlaceholderParameters`).
   */
  fromPlaceholder?: true;
  /** OAS serialisation style (`form`, `simple`, `spaceDelimited`, `pipeDelimited`, `deepObject`, ...). */
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  deprecated?: boolean;
  example?: unknown;
  examples?: Record<string, unknown>;
  /** JSON pointer of the parameter in the source document, for errors. */
  pointer: string;
}

/** How one multipart or form field is encoded (OAS `encoding`). */
export interface EncodingSpec {
  contentType?: string;
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
  headers?: Record<string, unknown>;
}

/** The request body of an operation, with the media type chosen for the model. */
export interface RequestBodySpec {
  required: boolean;
  description?: string;
  /** The media type used to send the body (`application/json` preferred, then form, multipart, text). */
  mediaType: string;
  /** The schema of that media type as written (it may hold `$ref`s). */
  schema: JsonSchema;
  encoding?: Record<string, EncodingSpec>;
  /** Every media type the operation accepts, for callers that want another one. */
  mediaTypes: string[];
  pointer: string;
  /** Where `schema` is, when not at `content/<mediaType>/schema` under `pointer` (a tool box's bare `schema`). */
  schemaPointer?: string;
}

/**
 * One operation in the one shape every source becomes: an OpenAPI 3.x or Swagger 2.0 document, a tool-box tool
 * detail (seed 003), or an MCP tool. Plain data; `document` is the root that local `$ref`s resolve against.
 */
export interface OperationSpec {
  /** `operationId`, or `"METHOD /path"` when the source has none. */
  id: string;
  operationId?: string;
  method: HttpMethod;
  /** Path template, such as `/pets/{petId}`. */
  path: string;
  summary?: string;
  description?: string;
  /** Base URL from the source (`servers[0].url`, or a tool detail's `server_url`). */
  serverUrl?: string;
  parameters: ParameterSpec[];
  requestBody?: RequestBodySpec;
  deprecated?: boolean;
  /** The operation's tags: the document's own array when every tag is a string (like schemas, never mutated). */
  tags?: string[];
  /** The document root `$ref`s resolve against (it holds `components`, `$defs`, ...). Never mutated. */
  document: JsonObject;
  /** JSON pointer of the operation in `document` (`#/paths/~1pets/get`). */
  pointer: string;
}

/** What an argument that must be an {@link OperationSpec} is said to be in an error. */
export const OPERATION_EXPECTED = "an operation from listOperations or operationFromToolDetail";

/**
 * Whether `value` has an operation's shape (method, path, parameters, document): a JavaScript caller's junk is told
 * apart from one before it fails deep inside as a `TypeError`.
 */
export function isOperationSpec(value: unknown): value is OperationSpec {
  if (typeof value !== "object" || value === null) return false;
  const { method, path, parameters, document } = value as Partial<Record<keyof OperationSpec, unknown>>;
  return (
    typeof method === "string" &&
    typeof path === "string" &&
    Array.isArray(parameters) &&
    typeof document === "object" &&
    document !== null
  );
}
