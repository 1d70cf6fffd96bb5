import type { OperationSpec } from "../openapi/operation-spec.js";
import type { PrunedSchema, SchemaConflict } from "./conversion-report.js";
import type { ConvertedTool, ConvertOptions } from "./converted-tool.js";
import type { TokenCountMemo } from "./count-json-tokens.js";
import { fitTokenBudget } from "./fit-token-budget.js";
import type { FixedParams, ToolDefinition } from "./tool-definition.js";

/** What a conversion found before the dialect is applied. */
export interface ConversionParts {
  definition: ToolDefinition;
  fixed: FixedParams;
  spec: OperationSpec;
  pruned: PrunedSchema[];
  conflicts: SchemaConflict[];
  unplacedFixed: string[];
  /** Schema levels the budget never cuts: 2 for a layered schema, 1 for a flat one. */
  keptLevels: number;
  /** Token counts shared by the tools of one conversion. */
  tokenCounts?: TokenCountMemo | undefined;
  /** True when the schema already meets OpenAI's schema rules (see `toDialect`'s options). */
  meetsOpenAiSchemaRules?: boolean | undefined;
}

/** Writes the tool in its dialect within the token budget, and assembles the {@link ConvertedTool} and its report. */
export function finishConversion(parts: ConversionParts, options: ConvertOptions): ConvertedTool {
  const fitted = fitTokenBudget(parts.definition, {
    dialect: options.dialect ?? "openai",
    keptLevels: parts.keptLevels,
    maxTokens: options.maxTokens,
    tokenCounts: parts.tokenCounts,
    meetsOpenAiSchemaRules: parts.meetsOpenAiSchemaRules,
  });
  const report: ConvertedTool["report"] = {
    // The conversion's own list, when the budget cut nothing (most tools): one array less per tool.
    pruned: fitted.pruned.length === 0 ? parts.pruned : [...parts.pruned, ...fitted.pruned],
    changes: fitted.changes,
    conflicts: parts.conflicts,
    size: fitted.size,
  };
  if (parts.unplacedFixed.length > 0) report.unplacedFixed = parts.unplacedFixed;
  return {
    operation: parts.spec.id,
    tool: fitted.tool,
    definition: fitted.definition,
    fixed: parts.fixed,
    spec: parts.spec,
    report,
  };
}
