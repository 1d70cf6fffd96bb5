import type { OperationSpec } from "../openapi/operation-spec.js";
import type { ConversionReport } from "./conversion-report.js";
import type { Dialect, FixedParams, ToolDefinition } from "./tool-definition.js";

/** Options of a conversion; the CLI flags map onto these one to one. */
export interface ConvertOptions {
  /** The provider format of `tool`. Default `openai`. */
  dialect?: Dialect;
  /** How many `$ref` hops are followed on one path before pruning. Default 2 (seed 000). */
  maxDepth?: number;
  /** Per-tool token budget (o200k). Default 8,000. */
  maxTokens?: number;
  /** Values the caller supplies: flat by name (`{"x-account-id": "a"}`) or by location (`{header: {...}}`). */
  fixed?: Record<string, unknown>;
  /** Fix required parameters that allow exactly one value (`const`, one-value `enum`). Default true. */
  fixConstants?: boolean;
  /** Operations to convert, by `operationId` or `"METHOD /path"`. Default: all. */
  operations?: string[];
  /**
   * Resolves an external `$ref` (another file, a URL) to its schema. Without it external refs are refused
   * (`EXTERNAL_REF_REFUSED`). The schema core does no I/O: a caller that allows a base directory reads files itself.
   */
  resolveExternalRef?: (ref: string) => unknown;
}

/** One converted operation. */
export interface ConvertedTool {
  /** The operation's id: `operationId`, or `"METHOD /path"`. */
  operation: string;
  /** The tool in the requested dialect, ready to send to the provider. */
  tool: unknown;
  /** The provider-neutral tool: its `parameters` is the layered schema (`{header, path, query, body}`). */
  definition: ToolDefinition;
  /** Fixed values by location, removed from the schema, to merge back when the request is built. */
  fixed: FixedParams;
  /** The source operation, for building the request. */
  spec: OperationSpec;
  report: ConversionReport;
}

/**
 * An operation that could not be converted; the others still are. `pointer` is where the error is, in the document or,
 * for a schema, in the tool; `documentPointer` is where a schema's error is in the document, when that is known.
 */
export interface ConversionFailure {
  operation: string;
  error: { code: string; message: string; pointer?: string; documentPointer?: string };
}

/** What `convertOperations` returns. */
export interface ConversionResult {
  tools: ConvertedTool[];
  failures: ConversionFailure[];
}
