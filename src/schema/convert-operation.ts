import { invalidArgumentError } from "../errors/invalid-option-error.js";
import { isOperationSpec, OPERATION_EXPECTED, type OperationSpec } from "../openapi/operation-spec.js";
import type { RefResolver } from "../openapi/ref-resolver.js";
import { applyFixedValues } from "./apply-fixed-values.js";
import { buildLayeredSchema, createParameterSchemaCache, type ParameterSchemaCache } from "./build-layered-schema.js";
import { checkConvertOptions } from "./check-convert-options.js";
import type { ConvertedTool, ConvertOptions } from "./converted-tool.js";
import type { TokenCountMemo } from "./count-json-tokens.js";
import { sanitizeToolName } from "./dialects/sanitize-tool-name.js";
import { createExpansionCache, type ExpansionCache } from "./expansion-cache.js";
import { finishConversion } from "./finish-conversion.js";

/**
 * Converts one operation into a tool: the layered schema (seed 000) with every `$ref` expanded and pruned past
 * `maxDepth`, fixed values and one-value constants taken out, written in the dialect within the token budget. The
 * tool is named after the operation id (the dialect sanitises it); its description is the operation's summary and
 * description.
 *
 * @example
 * const { tool, fixed, report } = convertOperation(operationFromToolDetail(detail), { fixed: { "x-account-id": id } });
 */
export function convertOperation(operation: OperationSpec, options: ConvertOptions = {}): ConvertedTool {
  if (!isOperationSpec(operation))
    throw invalidArgumentError("convertOperation", "operation", operation, OPERATION_EXPECTED);
  checkConvertOptions(options, "convertOperation");
  return convertNamedOperation(operation, options, new Set());
}

/** What the operations of one document conversion (with the same options) share. */
export interface ConversionCaches {
  expansions: ExpansionCache;
  parameters: ParameterSchemaCache;
  tokenCounts: TokenCountMemo;
}

/** Caches for the operations of one document conversion; `resolve` is the document's ref resolver, if there is one. */
export function createConversionCaches(resolve?: RefResolver): ConversionCaches {
  return {
    expansions: createExpansionCache(resolve),
    parameters: createParameterSchemaCache(),
    tokenCounts: new Map(),
  };
}

/**
 * {@link convertOperation}, with tool names kept unique across one conversion through `takenNames`, and `$ref`
 * expansions and parameter schemas shared across it through `caches` (the operations of one document, converted
 * with the same options).
 */
export function convertNamedOperation(
  operation: OperationSpec,
  options: ConvertOptions,
  takenNames: Set<string>,
  caches?: ConversionCaches,
): ConvertedTool {
  const layered = buildLayeredSchema(operation, {
    cache: caches?.expansions,
    parameterCache: caches?.parameters,
    maxDepth: options.maxDepth,
    resolveExternalRef: options.resolveExternalRef,
  });
  const applied = applyFixedValues(layered.schema, {
    fixed: options.fixed,
    fixConstants: options.fixConstants,
    callerHeaders: callerHeadersOf(operation),
  });
  return finishConversion(
    {
      definition: {
        name: sanitizeToolName(toolNameSource(operation), takenNames),
        description: describeOperation(operation),
        parameters: applied.schema,
      },
      fixed: applied.fixed,
      spec: operation,
      pruned: layered.pruned,
      conflicts: layered.conflicts,
      unplacedFixed: applied.unplaced,
      keptLevels: 2,
      tokenCounts: caches?.tokenCounts,
      // Expansion gives every array `items`, and notes the first schema OpenAI refuses (a pattern, a tuple's `items:
      // false`): until then the tools meet OpenAI's schema rules without a walk.
      meetsOpenAiSchemaRules: caches !== undefined && caches.expansions.metSchemaOpenAiRefuses !== true,
    },
    options,
  );
}

/**
 * What the tool's name is made from: the operation's id, or `METHOD /path` when a name keeps only ASCII letters, digits,
 * `_` and `-` and would lose more than half of an operationId written in another script: `查询对象实例` would become
 * `tool`, and `列出知识网络v2` `v2`, names that tell a model nothing (the description keeps the original words).
 */
function toolNameSource(operation: OperationSpec): string {
  return untranslatableId(operation) === undefined ? operation.id : `${operation.method} ${operation.path}`;
}

/** The operationId, when a tool name would keep less than half of it; undefined otherwise. */
function untranslatableId(operation: OperationSpec): string | undefined {
  const { operationId } = operation;
  if (operationId === undefined || !NON_ASCII.test(operationId)) return undefined;
  return operationId.replace(NOT_NAME_CHARACTERS, "").length * 2 < operationId.length ? operationId : undefined;
}

const NON_ASCII = /[\u0080-\uffff]/;
const NOT_NAME_CHARACTERS = /[^a-zA-Z0-9_-]/g;

/**
 * Names of the header parameters left out of the tool for callers to set (a nameless one no one sets); undefined for
 * most.
 */
function callerHeadersOf(operation: OperationSpec): string[] | undefined {
  let names: string[] | undefined;
  for (const parameter of operation.parameters) {
    if (parameter.ignored === undefined || parameter.name === "") continue;
    names ??= [];
    names.push(parameter.name);
  }
  return names;
}

/**
 * The summary and the description, once each (tool boxes often repeat one as the other). Without either, an
 * operationId the name could not keep (see {@link toolNameSource}), else `METHOD /path`.
 */
function describeOperation(operation: OperationSpec): string {
  const summary = hasText(operation.summary) ? operation.summary : undefined;
  const description = hasText(operation.description) ? operation.description : undefined;
  if (summary === undefined)
    return description ?? untranslatableId(operation) ?? `${operation.method} ${operation.path}`;
  return description === undefined || description === summary ? summary : `${summary}\n\n${description}`;
}

function hasText(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== "";
}
