import { ActionRecallError } from "../errors/action-recall-error.js";
import type { JsonObject } from "../schema/json-schema.js";
import { isJsonObject } from "./is-json-object.js";
import { appendJsonPointer } from "./json-pointer.js";
import type { HttpMethod, OperationSpec } from "./operation-spec.js";
import { readParameters } from "./read-parameters.js";
import { readRequestBody } from "./read-request-body.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

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
  const paths = document.paths ?? {};
  if (!isJsonObject(paths)) {
    throw new ActionRecallError("INVALID_DOCUMENT", "#/paths must be an object", { data: { pointer: "#/paths" } });
  }
  const serverUrl = firstServerUrl(document.servers);
  const operations: OperationSpec[] = [];
  for (const [path, pathItem] of Object.entries(paths)) {
    const pathPointer = appendJsonPointer("#/paths", path);
    if (!isJsonObject(pathItem)) {
      throw new ActionRecallError("INVALID_DOCUMENT", `${pathPointer} must be an object`, {
        data: { pointer: pathPointer },
      });
    }
    const pathServerUrl = firstServerUrl(pathItem.servers) ?? serverUrl;
    for (const method of Object.keys(pathItem)) {
      if (!(METHODS as readonly string[]).includes(method)) continue;
      const operation = pathItem[method];
      const pointer = appendJsonPointer(pathPointer, method);
      if (!isJsonObject(operation)) {
        throw new ActionRecallError("INVALID_DOCUMENT", `${pointer} must be an object`, { data: { pointer } });
      }
      const upper = method.toUpperCase() as HttpMethod;
      const spec: OperationSpec = {
        id: typeof operation.operationId === "string" ? operation.operationId : `${upper} ${path}`,
        method: upper,
        path,
        parameters: readParameters(
          document,
          { parameters: pathItem.parameters, pointer: `${pathPointer}/parameters` },
          { parameters: operation.parameters, pointer: `${pointer}/parameters` },
        ),
        document,
        pointer,
      };
      if (typeof operation.operationId === "string") spec.operationId = operation.operationId;
      const summary = text(operation.summary) ?? text(pathItem.summary);
      if (summary !== undefined) spec.summary = summary;
      const description = text(operation.description) ?? text(pathItem.description);
      if (description !== undefined) spec.description = description;
      const operationServerUrl = firstServerUrl(operation.servers) ?? pathServerUrl;
      if (operationServerUrl !== undefined) spec.serverUrl = operationServerUrl;
      const requestBody = readRequestBody(document, operation.requestBody, `${pointer}/requestBody`);
      if (requestBody !== undefined) spec.requestBody = requestBody;
      if (operation.deprecated === true) spec.deprecated = true;
      if (Array.isArray(operation.tags)) spec.tags = operation.tags.filter((tag) => typeof tag === "string");
      operations.push(spec);
    }
  }
  return operations;
}

function firstServerUrl(servers: unknown): string | undefined {
  if (!Array.isArray(servers)) return undefined;
  const first: unknown = servers[0];
  return isJsonObject(first) && typeof first.url === "string" ? first.url : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
