import type { ToolCall } from "../calls/tool-call.js";
import { ActionRecallError } from "../errors/action-recall-error.js";
import type { ErrorCode } from "../errors/error-codes.js";
import { NameHints } from "../errors/name-hints.js";
import type { ValidationIssue } from "../errors/validation-issue.js";
import { restorePropertyNames } from "../schema/dialects/anthropic-property-names.js";
import type { Tool } from "./define-tool.js";
import { ToolRegistry } from "./tool-registry.js";
import type { ToolResult } from "./tool-result.js";
import { validateToolArguments } from "./validate-tool-arguments.js";

/** Options of {@link executeToolCall}. */
export interface ExecuteToolCallOptions {
  /** Cancels the call: the result is `ABORTED` and the tool's own signal is aborted. */
  signal?: AbortSignal;
  /** Gives up after this many milliseconds: the result is `TOOL_TIMEOUT` and the tool's signal is aborted. */
  timeoutMs?: number;
}

/**
 * Runs one tool call and returns its result. Never throws: an unknown tool (`UNKNOWN_TOOL`, with the closest name),
 * arguments the parser could not convert or that fail the schema (`INVALID_ARGUMENTS`, every issue listed), a tool
 * that throws (`TOOL_FAILED`, or the code of the `ActionRecallError` it threw), a timeout (`TOOL_TIMEOUT`) and a
 * cancellation (`ABORTED`) each give a failed result that says why.
 *
 * @example
 * const result = await executeToolCall(registry, { id: "call_0", name: "create_file", arguments: { file_path: "a.py" }, format: "json" }, { timeoutMs: 5_000 });
 */
export function executeToolCall(
  registry: ToolRegistry,
  call: ToolCall,
  options: ExecuteToolCallOptions = {},
): Promise<ToolResult> {
  return executeInBatch(registry, call, options, new NameHints());
}

/** {@link executeToolCall} as one call of a batch: `hints` are the batch's "did you mean" hints. */
export async function executeInBatch(
  registry: ToolRegistry,
  call: ToolCall,
  options: ExecuteToolCallOptions,
  hints: NameHints,
): Promise<ToolResult> {
  try {
    const misuse = misusedArguments(registry, call);
    if (misuse !== undefined) return misuse;
    const tool = findTool(registry, call);
    if (tool === undefined) return unknownTool(registry, call.name, hints);
    const argumentErrors = call.argumentErrors ?? [];
    if (argumentErrors.length > 0) {
      const list = argumentErrors.map((error) => `${error.parameter}: ${error.message}`).join("; ");
      return failed("INVALID_ARGUMENTS", `Tool "${tool.name}": arguments could not be read: ${list}`, {
        argumentErrors,
      });
    }
    // A model that was given the tool's Anthropic form writes the property names Anthropic accepts.
    const args = restorePropertyNames(call.arguments, tool.parameters);
    const issues = validateToolArguments(tool, args);
    if (issues.length > 0) {
      const list = issues.map(describeIssue).join("; ");
      return failed("INVALID_ARGUMENTS", `Tool "${tool.name}": invalid arguments: ${list}`, { issues });
    }
    if (options.signal?.aborted === true) return aborted(tool);
    return await runTool(tool, args === call.arguments ? call : { ...call, arguments: args }, options);
  } catch (error) {
    return failureOf(error, call.name);
  }
}

/**
 * A failed result naming the argument that is not what {@link executeToolCall} takes (the registry and the call swapped,
 * a call without a name); undefined when both are. Without it, such a mistake failed as the tool "undefined".
 */
function misusedArguments(registry: unknown, call: unknown): ToolResult | undefined {
  if (!(registry instanceof ToolRegistry)) {
    return failed(
      "INVALID_ARGUMENTS",
      `Tool calls are run with a ToolRegistry first, then the call: got ${kindOf(registry)}`,
      {
        parameter: "registry",
      },
    );
  }
  if (typeof call !== "object" || call === null || typeof (call as { name?: unknown }).name !== "string") {
    return failed("INVALID_ARGUMENTS", `A tool call is {id, name, arguments}, its name a string: got ${kindOf(call)}`, {
      parameter: "call",
    });
  }
  return undefined;
}

/** What a misused argument is, for the message: a type, or the class of an object. */
function kindOf(value: unknown): string {
  if (value === null || typeof value !== "object") return value === null ? "null" : typeof value;
  if (Array.isArray(value)) return "an array";
  return `an object${typeof (value as { name?: unknown }).name === "string" ? ` named "${(value as { name: string }).name}"` : ""}`;
}

/** A legacy XML call may carry its tag as the name; every other format names the function. */
function findTool(registry: ToolRegistry, call: ToolCall): Tool | undefined {
  return registry.get(call.name) ?? (call.format === "legacy-xml" ? registry.getByTag(call.name) : undefined);
}

function unknownTool(registry: ToolRegistry, name: string, hints: NameHints): ToolResult {
  const suggestion = hints.hint(name, () => registry.suggest(name));
  const hint = suggestion === undefined ? "" : `; did you mean "${suggestion}"?`;
  return failed(
    "UNKNOWN_TOOL",
    `Unknown tool "${name}"${hint}`,
    suggestion === undefined ? { tool: name } : { tool: name, suggestion },
  );
}

function describeIssue(issue: ValidationIssue): string {
  const where = issue.location ?? (issue.instancePath === "" ? "arguments" : issue.instancePath);
  return `${where} ${issue.message}`;
}

/** Races the tool against the timeout and the caller's signal; whichever settles first decides the result. */
function runTool(tool: Tool, call: ToolCall, options: ExecuteToolCallOptions): Promise<ToolResult> {
  const { signal, timeoutMs } = options;
  const controller = new AbortController();
  return new Promise<ToolResult>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = (): void => {
      controller.abort(signal?.reason);
      settle(aborted(tool));
    };
    const settle = (result: ToolResult): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(result);
    };
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        const error = new ActionRecallError(
          "TOOL_TIMEOUT",
          `Tool "${tool.name}" did not finish within ${timeoutMs} ms`,
          {
            data: { tool: tool.name, timeoutMs },
          },
        );
        controller.abort(error);
        settle(failureOf(error, tool.name));
      }, timeoutMs);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    // Through a promise so a tool that throws synchronously is caught like one that rejects.
    Promise.resolve()
      .then(() => tool.execute(call.arguments, { signal: controller.signal, call }))
      .then(
        (output) => settle({ success: true, output }),
        (error: unknown) => settle(failureOf(error, tool.name)),
      );
  });
}

function aborted(tool: Tool): ToolResult {
  return failed("ABORTED", `Tool "${tool.name}" was cancelled`, { tool: tool.name });
}

/** An `ActionRecallError` keeps its code and data (an upstream's status, say); anything else is `TOOL_FAILED`. */
function failureOf(error: unknown, toolName: string): ToolResult {
  if (error instanceof ActionRecallError) return failed(error.code, error.message, { ...error.data });
  const reason = error instanceof Error ? error.message : String(error);
  return failed("TOOL_FAILED", `Tool "${toolName}" failed: ${reason}`, { tool: toolName });
}

function failed(code: ErrorCode, message: string, details: Record<string, unknown>): ToolResult {
  return { success: false, output: null, error: { code, message, details } };
}
