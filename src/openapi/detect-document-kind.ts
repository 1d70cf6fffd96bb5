import { checkObjectArgument } from "../errors/invalid-option-error.js";
import type { JsonObject } from "../schema/json-schema.js";
import { isJsonObject } from "./own-properties.js";

/** What a loaded document is, which decides how its operations are read. */
export type DocumentKind =
  | "openapi-3.0"
  | "openapi-3.1"
  | "openapi-3.2"
  | "swagger-2.0"
  | "tool-detail"
  | "api-spec"
  | "mcp-tool";

/**
 * Tells which kind of document this is: an OpenAPI 3.0, 3.1 or 3.2 document, Swagger 2.0, a tool-box tool detail (seed 003:
 * `metadata.api_spec`), a bare tool-box `api_spec` (snake_case `parameters`/`request_body`, `responses` as a list), or
 * an MCP tool (`inputSchema`). `undefined` when it is none of them.
 */
export function detectDocumentKind(document: JsonObject): DocumentKind | undefined {
  checkObjectArgument("detectDocumentKind", "document", document);
  if (typeof document.openapi === "string") {
    if (document.openapi.startsWith("3.0")) return "openapi-3.0";
    if (document.openapi.startsWith("3.1")) return "openapi-3.1";
    if (document.openapi.startsWith("3.2")) return "openapi-3.2";
    return undefined;
  }
  if (document.swagger === "2.0") return "swagger-2.0";
  if (isJsonObject(document.metadata) && isJsonObject(document.metadata.api_spec)) return "tool-detail";
  if (isApiSpec(document)) return "api-spec";
  if (typeof document.name === "string" && isJsonObject(document.inputSchema)) return "mcp-tool";
  return undefined;
}

function isApiSpec(document: JsonObject): boolean {
  return (
    Array.isArray(document.parameters) ||
    isJsonObject(document.request_body) ||
    Array.isArray(document.responses) ||
    (isJsonObject(document.components) && document.paths === undefined)
  );
}
