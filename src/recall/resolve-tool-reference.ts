import { ActionRecallError } from "../errors/index.js";
import { checkObjectArgument } from "../errors/invalid-option-error.js";
import type { ActionRecallRequest } from "./action-source.js";
import type { DynamicTool } from "./dynamic-tool.js";
import { buildDynamicTool, type RecallContext, recallActions } from "./recall-actions.js";

/**
 * What an execution names instead of a tool definition: the action it recalled (knowledge network, action type and
 * object), or a tool of the tool box. The service resolves it again, as the caller, so `api_url`, the schema, the
 * fixed parameters and MCP targets are its own and never a client's.
 */
export type ToolReference =
  | { kn_id: string; action_type_id: string; unique_identity: Record<string, unknown> }
  | { box_id: string; tool_id: string };

/** Who resolves: the authenticated account, and the request id sent upstream. */
export type ToolCaller = Omit<ActionRecallRequest, "knId" | "actionTypeId" | "uniqueIdentity">;

/**
 * Resolves a {@link ToolReference} to the dynamic tool a recall answers (from the caller's cache entries, or from the
 * upstreams). An action that does not apply to the object is NOT_FOUND with the recall's reason. A tool-box reference
 * is resolved only where `context.toolBoxReferences` is set (KWeaver): it carries no action, so its only fixed
 * parameters are the caller's `x-account-id` and `x-account-type`, where the tool's API takes them.
 *
 * @example
 * const tool = await resolveToolReference({ kn_id, action_type_id, unique_identity }, { accountId, accountType }, context);
 */
export async function resolveToolReference(
  reference: ToolReference,
  caller: ToolCaller,
  context: RecallContext,
): Promise<DynamicTool> {
  checkObjectArgument("resolveToolReference", "reference", reference);
  checkObjectArgument("resolveToolReference", "caller", caller);
  checkObjectArgument("resolveToolReference", "context", context);
  if ("box_id" in reference) {
    if (context.toolBoxReferences !== true) {
      throw new ActionRecallError(
        "INVALID_REQUEST",
        "A tool-box reference {box_id, tool_id} is not accepted here (no tool box is configured): refer to the action as {kn_id, action_type_id, unique_identity}",
        { data: { pointer: "/tool_ref" } },
      );
    }
    const request = { ...caller, knId: "", actionTypeId: "", uniqueIdentity: {} };
    // No action fixes the account the tool's API is told, so it is the caller's: never the model's to write.
    const fixed = { "x-account-id": caller.accountId, "x-account-type": caller.accountType };
    const source = { type: "tool", box_id: reference.box_id, tool_id: reference.tool_id };
    return buildDynamicTool(source, fixed, request, context);
  }
  const { _dynamic_tools: tools, reason } = await recallActions(
    {
      ...caller,
      knId: reference.kn_id,
      actionTypeId: reference.action_type_id,
      uniqueIdentity: reference.unique_identity,
    },
    context,
  );
  const [tool] = tools;
  if (tool === undefined) {
    throw new ActionRecallError("NOT_FOUND", reason ?? "No action applies to this object", {
      data: { kn_id: reference.kn_id, action_type_id: reference.action_type_id },
    });
  }
  return tool;
}
