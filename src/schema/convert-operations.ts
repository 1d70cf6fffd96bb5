import { isActionRecallError } from "../errors/action-recall-error.js";
import { ErrorCode } from "../errors/error-codes.js";
import { detectDocumentKind } from "../openapi/detect-document-kind.js";
import { type ListedOperation, readOperations } from "../openapi/list-operations.js";
import { loadDocument } from "../openapi/load-document.js";
import { operationFromToolDetail } from "../openapi/operation-from-tool-detail.js";
import type { OperationSpec } from "../openapi/operation-spec.js";
import { createRefResolver } from "../openapi/ref-resolver.js";
import { selectOperations } from "../openapi/select-operations.js";
import { checkConvertOptions } from "./check-convert-options.js";
import { convertMcpTool, type McpToolInput } from "./convert-mcp-tool.js";
import { convertNamedOperation, createConversionCaches } from "./convert-operation.js";
import type { ConversionFailure, ConversionResult, ConvertOptions } from "./converted-tool.js";

/**
 * Converts every operation of a document (or those `options.operations` selects, by `operationId` or
 * `"METHOD /path"`) into tools. The input is JSON or YAML text or a parsed object: OpenAPI 3.0/3.1, Swagger 2.0, a
 * tool-box tool detail or `api_spec`, or an MCP tool. An operation that fails is listed in `failures` with its error
 * code and message; the others are still converted. A document that cannot be read at all, or an unknown selector,
 * throws. Tool names are unique within one call. The tools of one call share the schema objects of what their
 * operations share (a component, a `$ref`ed parameter): treat them as read-only, or copy one before changing it.
 *
 * @example
 * const { tools, failures } = convertOperations(readFileSync("openapi.yaml", "utf8"), { dialect: "anthropic" });
 */
export function convertOperations(input: string | object, options: ConvertOptions = {}): ConversionResult {
  checkConvertOptions(options, "convertOperations");
  const document = loadDocument(input);
  const kind = detectDocumentKind(document);
  if (kind === "mcp-tool") {
    const tool = convertMcpTool(document as unknown as McpToolInput, options);
    return { tools: [tool], failures: [] };
  }
  const isToolDetail = kind === "tool-detail" || kind === "api-spec";
  // An OpenAPI document's operations are read from it and expanded against it: one resolver looks their refs up once.
  const resolve = isToolDetail ? undefined : createRefResolver(document);
  const all: ListedOperation[] =
    resolve === undefined ? [listedOne(operationFromToolDetail(document))] : readOperations(document, resolve);
  // Operations share components: each component is expanded once per remaining depth, and each shared parameter
  // built once, not once per use.
  const caches = createConversionCaches(resolve);
  const operations = options.operations === undefined ? all : selectOperations(all, options.operations);
  const result: ConversionResult = { tools: [], failures: [] };
  const takenNames = new Set<string>();
  for (const listed of operations) {
    try {
      if (listed.operation === undefined) throw listed.error;
      result.tools.push(convertNamedOperation(listed.operation, options, takenNames, caches));
    } catch (error) {
      result.failures.push(toFailure(listed.id, error));
    }
  }
  return result;
}

function toFailure(operation: string, error: unknown): ConversionFailure {
  if (isActionRecallError(error)) {
    const failure: ConversionFailure = { operation, error: { code: error.code, message: error.message } };
    if (typeof error.data.pointer === "string") failure.error.pointer = error.data.pointer;
    if (typeof error.data.documentPointer === "string") failure.error.documentPointer = error.data.documentPointer;
    return failure;
  }
  // A stack overflow or another engine error must not stop the other operations either; it is reported as such.
  return {
    operation,
    error: { code: ErrorCode.INTERNAL_ERROR, message: error instanceof Error ? error.message : String(error) },
  };
}

function listedOne(operation: OperationSpec): ListedOperation {
  const { id, operationId, method, path } = operation;
  return operationId === undefined ? { id, method, path, operation } : { id, operationId, method, path, operation };
}
