import { ActionRecallError } from "../errors/index.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import { isJsonObject } from "../openapi/own-properties.js";
import type { DynamicTool } from "./dynamic-tool.js";

const PARAMETER_SECTIONS = ["header", "path", "query", "cookie"] as const;

/**
 * Throws FIXED_PARAMETER, naming the parameter, when a model's arguments write a parameter the action fixes (an
 * account, a tenant, the object's id): the action decided its value, and a model asked to write it was misled or is
 * being steered. Execution would let the fixed value win anyway; refusing says so instead of sending a call the model
 * believes is another. Header names match in any case; a fixed body member is matched at its nested place
 * (`body.props.data_source`); an MCP tool's flat arguments by name.
 *
 * @example
 * refuseFixedArguments(tool, { header: { "X-Tenant-Id": "other" } }); // throws FIXED_PARAMETER "header.X-Tenant-Id"
 */
export function refuseFixedArguments(tool: DynamicTool, args: Record<string, unknown>): void {
  checkObjectArgument("refuseFixedArguments", "tool", tool);
  checkObjectArgument("refuseFixedArguments", "tool.fixed_params", tool.fixed_params, true);
  checkObjectArgument("refuseFixedArguments", "args", args);
  const written = tool.mcp === undefined ? writtenFixedParameter(tool, args) : writtenFixedName(tool, args);
  if (written === undefined) return;
  throw new ActionRecallError(
    "FIXED_PARAMETER",
    `"${written}" is fixed by the action of ${tool.name}: the model may not set it`,
    { data: { parameter: written, tool: tool.name } },
  );
}

/** The first flat argument named as a fixed parameter (MCP tools, and flat calls of any tool). */
function writtenFixedName(tool: DynamicTool, args: Record<string, unknown>): string | undefined {
  // A tool written by hand (a client's, in development) may have no fixed parameters at all.
  const fixed = tool.fixed_params ?? {};
  return Object.keys(args).find((name) => Object.hasOwn(fixed, name));
}

function writtenFixedParameter(tool: DynamicTool, args: Record<string, unknown>): string | undefined {
  const fixed = tool.fixed_params_by_location;
  if (fixed === undefined) return writtenFixedName(tool, args);
  for (const section of PARAMETER_SECTIONS) {
    const fixedSection = fixed[section];
    const writtenSection = args[section];
    if (fixedSection === undefined || !isJsonObject(writtenSection)) continue;
    const fixedNames = new Set(
      Object.keys(fixedSection).map((name) => (section === "header" ? name.toLowerCase() : name)),
    );
    const name = Object.keys(writtenSection).find((candidate) =>
      fixedNames.has(section === "header" ? candidate.toLowerCase() : candidate),
    );
    if (name !== undefined) return `${section}.${name}`;
  }
  return writtenFixedMember(args.body, fixed.body, "body") ?? writtenFixedName(tool, args);
}

/** Where `written` sets a member `fixed` holds: the body's fixed members are merged deeply, leaf by leaf. */
function writtenFixedMember(written: unknown, fixed: unknown, path: string): string | undefined {
  if (written === undefined || fixed === undefined) return undefined;
  if (!isJsonObject(written) || !isJsonObject(fixed)) return path;
  for (const [name, member] of Object.entries(fixed)) {
    if (!Object.hasOwn(written, name)) continue;
    const found = writtenFixedMember(written[name], member, `${path}.${name}`);
    if (found !== undefined) return found;
  }
  return undefined;
}
