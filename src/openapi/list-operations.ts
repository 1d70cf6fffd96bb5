import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import type { JsonObject, JsonValue } from "../schema/json-schema.js";
import { firstServerUrl } from "./first-server-url.js";
import { forEachPath } from "./for-each-path.js";
import { HTTP_TOKEN } from "./http-names.js";
import { appendJsonPointer } from "./json-pointer.js";
import type { HttpMethod, OperationSpec } from "./operation-spec.js";
import { isJsonObject, setOwnProperty } from "./own-properties.js";
import { withPlaceholderParameters } from "./placeholder-parameters.js";
import { followObjectRef, readParameters, type SharedParameters } from "./read-parameters.js";
import { readRequestBody } from "./read-request-body.js";
import { readTags } from "./read-tags.js";
import { createRefResolver, type RefResolver } from "./ref-resolver.js";
import type { OperationIdentity } from "./select-operations.js";

/** The operation keys of a path item, with the method each names. */
export const METHODS: ReadonlyMap<string, HttpMethod> = new Map([
  ["get", "GET"],
  ["put", "PUT"],
  ["post", "POST"],
  ["delete", "DELETE"],
  ["options", "OPTIONS"],
  ["head", "HEAD"],
  ["patch", "PATCH"],
  ["trace", "TRACE"],
  ["query", "QUERY"],
]);

/**
 * Lists every operation of an OpenAPI 3.x document (as {@link loadDocument} returns it), in document order, as
 * {@link OperationSpec}s: path-level parameters merged (the operation wins on the same name and location), `$ref`ed
 * parameters and request bodies resolved, the body's media type chosen, and the id set to the `operationId` or
 * `"METHOD /path"`. Schemas are left as written; `convertOperation` expands them.
 *
 * @example
 * const operations = listOperations(loadDocument(text));
 */
export function listOperations(document: JsonObject): OperationSpec[] {
  checkObjectArgument("listOperations", "document", document);
  return readOperations(document).map((listed) => {
    if (listed.operation === undefined) throw listed.error;
    return listed.operation;
  });
}

/** One operation of a document: read in full, or the error that stopped its reading (a `$ref` to nothing, ...). */
export interface ListedOperation extends OperationIdentity {
  operation?: OperationSpec;
  error?: unknown;
}

/**
 * Like {@link listOperations}, but an operation that cannot be read (a dangling `$ref` in its parameters, a malformed
 * request body) is returned with its error instead of stopping the others. A document whose `paths` is not an object
 * still throws. `resolve` looks up the document's `$ref`s; pass one to share its lookups with a later pass.
 */
export function readOperations(
  document: JsonObject,
  resolve: RefResolver = createRefResolver(document),
): ListedOperation[] {
  checkObjectArgument("readOperations", "document", document);
  const reader: DocumentReader = { document, resolve, sharedParameters: new WeakMap() };
  const serverUrl = firstServerUrl(document.servers);
  const operations: ListedOperation[] = [];
  forEachPath(document, (path, value, pointer) => {
    const { pathItem, pathPointer } = readPathItem(value, resolve, pointer);
    const place: PathPlace = { path, pathItem, pathPointer, serverUrl: firstServerUrl(pathItem.servers) ?? serverUrl };
    forEachPathItemOperation(pathItem, pathPointer, (method, operation, pointer, refused) => {
      if (refused === undefined) operations.push(listOperation(reader, place, method, operation, pointer));
      else operations.push({ ...operationIdentity(operation, method, path), error: refused });
    });
  });
  return operations;
}

/** How {@link forEachPathItemOperation} hands over each operation; `refused` says why its method is not one. */
export type PathItemOperationVisitor = (
  method: HttpMethod,
  operation: unknown,
  pointer: string,
  refused?: ActionRecallError,
) => void;

/**
 * Visits each operation of a path item, in document order: its fixed fields (`get` ... `trace`, and 3.2's `query`),
 * then OpenAPI 3.2's `additionalOperations` (`COPY`). An `additionalOperations` key that is not a method token, or
 * names a method that has a fixed field (OpenAPI says it MUST NOT), is visited with the error that refuses it.
 */
export function forEachPathItemOperation(
  pathItem: JsonObject,
  pathPointer: string,
  visit: PathItemOperationVisitor,
): void {
  for (const key of Object.keys(pathItem)) {
    const method = METHODS.get(key);
    if (method !== undefined) visit(method, pathItem[key], appendJsonPointer(pathPointer, key));
  }
  const additional = pathItem.additionalOperations;
  if (!isJsonObject(additional)) return;
  for (const key of Object.keys(additional)) {
    const pointer = appendJsonPointer(pathPointer, "additionalOperations", key);
    const isToken = HTTP_TOKEN.test(key);
    if (isToken && !METHODS.has(key.toLowerCase())) {
      visit(key.toUpperCase(), additional[key], pointer);
      continue;
    }
    const reason = isToken ? "has its own field in a path item" : "is not an HTTP method";
    const refused = new ActionRecallError("INVALID_DOCUMENT", `${pointer}: "${key}" ${reason}`, { data: { pointer } });
    visit(key.toUpperCase(), additional[key], pointer, refused);
  }
}

/**
 * How an operation is named and selected: its `operationId`, else `"METHOD /path"`. Written out whole, not spread:
 * spreading differently shaped objects is slow on this hot path.
 */
export function operationIdentity(operation: unknown, method: HttpMethod, path: string): OperationIdentity {
  const operationId = isJsonObject(operation) ? operation.operationId : undefined;
  return typeof operationId === "string"
    ? { id: operationId, operationId, method, path }
    : { id: `${method} ${path}`, method, path };
}

/** A path and its item, where the operations under it are listed from. */
interface PathPlace {
  path: string;
  pathItem: JsonObject;
  pathPointer: string;
  serverUrl: string | undefined;
}

/** The operation at `pointer` under a path item, read, or with the error that stopped its reading. */
function listOperation(
  reader: DocumentReader,
  place: PathPlace,
  method: HttpMethod,
  operation: unknown,
  pointer: string,
): ListedOperation {
  const { path, pathItem, pathPointer, serverUrl } = place;
  const listed: ListedOperation = operationIdentity(operation, method, path);
  try {
    listed.operation = readOperation(reader, {
      pathItem,
      operation,
      pointer,
      pathPointer,
      identity: listed,
      serverUrl,
    });
  } catch (error) {
    listed.error = error;
  }
  return listed;
}

/**
 * A path item as its operations are read from it, and the pointer where it stands. A `$ref`ed one (OAS 3.1's
 * `#/components/pathItems/...`, or any local pointer) is followed; keys written beside the `$ref` win over the
 * target's, as json-schema-ref-parser merges them (OpenAPI leaves it undefined). A path item that cannot be read
 * throws for the whole document, since its operations cannot even be listed: an external one is EXTERNAL_REF_REFUSED
 * (`convert --external-refs <dir>` bundles it first).
 */
export function readPathItem(
  value: JsonValue | undefined,
  resolve: RefResolver,
  pointer: string,
): { pathItem: JsonObject; pathPointer: string } {
  if (!isJsonObject(value)) {
    throw new ActionRecallError("INVALID_DOCUMENT", `${pointer} must be an object`, { data: { pointer } });
  }
  if (typeof value.$ref !== "string") return { pathItem: value, pathPointer: pointer };
  const target = followObjectRef(value, resolve, pointer);
  // `followObjectRef` types what it found as a plain record; in a document it is a JSON object.
  const pathItem = { ...target.object } as JsonObject;
  for (const key of Object.keys(value)) {
    if (key !== "$ref") setOwnProperty(pathItem, key, value[key]);
  }
  return { pathItem, pathPointer: target.pointer };
}

interface OperationSource {
  pathItem: JsonObject;
  operation: unknown;
  pointer: string;
  pathPointer: string;
  identity: OperationIdentity;
  serverUrl: string | undefined;
}

/** What the reading of one document's operations shares. */
interface DocumentReader {
  document: JsonObject;
  resolve: RefResolver;
  sharedParameters: SharedParameters;
}

function readOperation(reader: DocumentReader, source: OperationSource): OperationSpec {
  const { document } = reader;
  const { pathItem, operation, pointer, pathPointer, identity } = source;
  if (!isJsonObject(operation)) {
    throw new ActionRecallError("INVALID_DOCUMENT", `${pointer} must be an object`, { data: { pointer } });
  }
  const { id, operationId, method, path } = identity;
  const declared = readParameters(
    reader.resolve,
    [
      { parameters: pathItem.parameters, pointer: `${pathPointer}/parameters` },
      { parameters: operation.parameters, pointer: `${pointer}/parameters` },
    ],
    reader.sharedParameters,
  );
  const parameters = withPlaceholderParameters(path, declared, pointer);
  const spec: OperationSpec =
    operationId === undefined
      ? { id, method, path, parameters, document, pointer }
      : { id, operationId, method, path, parameters, document, pointer };
  const summary = text(operation.summary) ?? text(pathItem.summary);
  if (summary !== undefined) spec.summary = summary;
  const description = text(operation.description) ?? text(pathItem.description);
  if (description !== undefined) spec.description = description;
  const operationServerUrl = firstServerUrl(operation.servers) ?? source.serverUrl;
  if (operationServerUrl !== undefined) spec.serverUrl = operationServerUrl;
  const requestBody = readRequestBody(reader.resolve, operation.requestBody, `${pointer}/requestBody`);
  if (requestBody !== undefined) spec.requestBody = requestBody;
  if (operation.deprecated === true) spec.deprecated = true;
  const tags = readTags(operation.tags);
  if (tags !== undefined) spec.tags = tags;
  return spec;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
