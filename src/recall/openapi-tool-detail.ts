import { firstServerUrl } from "../openapi/first-server-url.js";
import { forEachPath } from "../openapi/for-each-path.js";
import { forEachPathItemOperation, operationIdentity, readPathItem } from "../openapi/list-operations.js";
import type { HttpMethod } from "../openapi/operation-spec.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { createRefResolver } from "../openapi/ref-resolver.js";
import { matchesSelector } from "../openapi/select-operations.js";
import type { JsonObject } from "../schema/json-schema.js";

type JsonRecord = Record<string, unknown>;

/** One operation found in an OpenAPI 3 document. */
interface FoundOperation {
  path: string;
  method: HttpMethod;
  pathItem: JsonRecord;
  operation: JsonRecord;
}

/**
 * Finds an operation by `operationId` or `"METHOD /path"`, as `convert --operation` does (a `$ref`ed path item is
 * followed); undefined when the document has none such. A path item that cannot be read throws, as for `convert`.
 */
export function findOpenApiOperation(document: JsonRecord, selector: string): FoundOperation | undefined {
  const resolve = createRefResolver(document);
  let found: FoundOperation | undefined;
  forEachPath(document as JsonObject, (path, value, pointer) => {
    if (found !== undefined) return;
    const { pathItem, pathPointer } = readPathItem(value, resolve, pointer);
    forEachPathItemOperation(pathItem, pathPointer, (method, operation, _pointer, refused) => {
      if (found !== undefined || refused !== undefined || !isJsonObject(operation)) return;
      if (matchesSelector(operationIdentity(operation, method, path), selector)) {
        found = { path, method, pathItem, operation };
      }
    });
  });
  return found;
}

function parameterKey(parameter: unknown): string {
  return isJsonObject(parameter) ? `${String(parameter.in)}:${String(parameter.name)}` : JSON.stringify(parameter);
}

/**
 * Writes one OpenAPI 3 operation in the tool box's tool-detail shape (seed 003: `metadata.api_spec` with
 * `parameters`, `request_body`, `responses` as a list, `components`), so catalog tools take exactly the code path of
 * tool-box tools. Path-level parameters are merged in; an operation-level one with the same `in` and `name` wins.
 */
export function toolDetailFromOpenApi(
  document: JsonRecord,
  found: FoundOperation,
  identity: { toolId: string; name?: string; description?: string },
): JsonRecord {
  const { operation, pathItem } = found;
  const own = Array.isArray(operation.parameters) ? operation.parameters : [];
  const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
  const ownKeys = new Set(own.map(parameterKey));
  const parameters = [...shared.filter((parameter) => !ownKeys.has(parameterKey(parameter))), ...own];
  const responses = isJsonObject(operation.responses)
    ? Object.entries(operation.responses).map(([statusCode, response]) => ({
        status_code: statusCode,
        ...(isJsonObject(response) ? response : {}),
      }))
    : [];
  // The nearest servers win, as for `convert`: the operation's, the path item's, the document's.
  const serverUrl =
    firstServerUrl(operation.servers) ?? firstServerUrl(pathItem.servers) ?? firstServerUrl(document.servers) ?? "";
  const summary = typeof operation.summary === "string" ? operation.summary : undefined;
  const operationDescription = typeof operation.description === "string" ? operation.description : undefined;
  const operationId = typeof operation.operationId === "string" ? operation.operationId : undefined;
  const name = identity.name ?? operationId ?? identity.toolId;
  const description = identity.description ?? operationDescription ?? summary ?? "";
  return {
    tool_id: identity.toolId,
    name,
    description,
    status: "enabled",
    metadata_type: "openapi",
    metadata: {
      // The tool box writes the operation's identifier here (seed 003: "search_object_instance").
      summary: operationId ?? summary ?? name,
      description,
      server_url: serverUrl,
      path: found.path,
      method: found.method,
      api_spec: {
        parameters,
        ...(operation.requestBody === undefined ? {} : { request_body: operation.requestBody }),
        responses,
        components: isJsonObject(document.components) ? document.components : {},
      },
    },
  };
}
