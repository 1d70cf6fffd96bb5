import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import type { JsonObject } from "../schema/json-schema.js";
import { firstServerUrl } from "./first-server-url.js";
import { METHODS } from "./list-operations.js";
import type { HttpMethod, OperationSpec } from "./operation-spec.js";
import { isJsonObject } from "./own-properties.js";
import { withPlaceholderParameters } from "./placeholder-parameters.js";
import { readParameters } from "./read-parameters.js";
import { readRequestBody } from "./read-request-body.js";
import { readTags } from "./read-tags.js";
import { createRefResolver } from "./ref-resolver.js";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * Builds the {@link OperationSpec} of a tool-box tool (seed 003): a tool detail (`metadata.server_url`, `path`,
 * `method`, `api_spec`) or its bare `api_spec` (its server from `server_url`, else the first of `servers`). The
 * `api_spec` is the document its `$ref`s resolve in (it holds `components`). The id is the spec's `operationId`, else
 * `metadata.summary` when it is an identifier (`search_object_instance`), else `"METHOD /path"`. The input is never
 * mutated.
 *
 * @example
 * const operation = operationFromToolDetail(await toolBox.getTool(boxId, toolId));
 */
export function operationFromToolDetail(detailOrApiSpec: object): OperationSpec {
  checkObjectArgument("operationFromToolDetail", "detail", detailOrApiSpec);
  const given = detailOrApiSpec as JsonObject;
  const metadata = isJsonObject(given.metadata) ? given.metadata : undefined;
  const apiSpec = metadata === undefined ? given : metadata.api_spec;
  const specPointer = metadata === undefined ? "#" : "#/metadata/api_spec";
  if (!isJsonObject(apiSpec)) {
    throw new ActionRecallError("INVALID_DOCUMENT", `${specPointer} must be an object (the tool's api_spec)`, {
      data: { pointer: specPointer },
    });
  }
  const writtenMethod = metadata?.method ?? apiSpec.method;
  const method = String(writtenMethod ?? "POST").toUpperCase() as HttpMethod;
  if (!METHODS.has(method.toLowerCase())) {
    const pointer = metadata?.method === undefined ? `${specPointer}/method` : "#/metadata/method";
    throw new ActionRecallError(
      "INVALID_DOCUMENT",
      `Unknown HTTP method ${JSON.stringify(writtenMethod)} at ${pointer}`,
      {
        data: { pointer },
      },
    );
  }
  const path = text(metadata?.path) ?? text(apiSpec.path) ?? "/";
  const operationId = text(apiSpec.operationId) ?? text(apiSpec.operation_id) ?? identifier(metadata?.summary);
  // Refs in an api_spec are written against the api_spec itself (`#/components/schemas/...`).
  const resolve = createRefResolver(apiSpec);
  const spec: OperationSpec = {
    id: operationId ?? `${method} ${path}`,
    method,
    path,
    parameters: withPlaceholderParameters(
      path,
      readParameters(resolve, [{ parameters: apiSpec.parameters, pointer: "#/parameters" }]),
      "#",
    ),
    document: apiSpec,
    pointer: "#",
  };
  if (operationId !== undefined) spec.operationId = operationId;
  const summary = text(given.name) ?? text(metadata?.summary) ?? text(apiSpec.summary);
  if (summary !== undefined) spec.summary = summary;
  const description = text(metadata?.description) ?? text(given.description) ?? text(apiSpec.description);
  if (description !== undefined) spec.description = description;
  const serverUrl = text(metadata?.server_url) ?? text(apiSpec.server_url) ?? firstServerUrl(apiSpec.servers);
  if (serverUrl !== undefined) spec.serverUrl = serverUrl;
  const bodyKey = apiSpec.request_body === undefined ? "requestBody" : "request_body";
  const requestBody = readRequestBody(resolve, apiSpec[bodyKey], `#/${bodyKey}`);
  if (requestBody !== undefined) spec.requestBody = requestBody;
  const tags = readTags(apiSpec.tags);
  if (tags !== undefined) spec.tags = tags;
  return spec;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function identifier(value: unknown): string | undefined {
  return typeof value === "string" && IDENTIFIER.test(value) ? value : undefined;
}
