import { ActionRecallError } from "../errors/index.js";
import { setOwnProperty } from "../openapi/own-properties.js";
import type { ActionCatalog, CatalogAction } from "./action-catalog.js";
import type { ActionQueryResult, ActionRecallRequest, ActionSource } from "./action-source.js";
import { findOpenApiOperation, toolDetailFromOpenApi } from "./openapi-tool-detail.js";
import type { ToolDetailProvider } from "./tool-box-client.js";

const WHOLE_TEMPLATE = /^\{\{\s*unique_identity\.([^{}\s]+)\s*\}\}$/;
const EMBEDDED_TEMPLATE = /\{\{\s*unique_identity\.([^{}\s]+)\s*\}\}/g;

function identityValue(identity: Record<string, unknown>, key: string, parameter: string): unknown {
  if (Object.hasOwn(identity, key)) return identity[key];
  throw new ActionRecallError(
    "INVALID_REQUEST",
    `Fixed parameter "${parameter}" needs unique_identity.${key}, which the request does not carry`,
    { data: { parameter, pointer: `/unique_identity/${key}` } },
  );
}

/** Fills `{{unique_identity.<key>}}` in fixed parameter values (strings only, nested objects included). */
function fillIdentity(value: unknown, identity: Record<string, unknown>, parameter: string): unknown {
  if (typeof value === "string") {
    const whole = WHOLE_TEMPLATE.exec(value);
    if (whole !== null) return identityValue(identity, whole[1] as string, parameter);
    return value.replace(EMBEDDED_TEMPLATE, (_match, key: string) => String(identityValue(identity, key, parameter)));
  }
  if (Array.isArray(value)) return value.map((item) => fillIdentity(item, identity, parameter));
  if (value !== null && typeof value === "object") {
    const filled: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      setOwnProperty(filled, key, fillIdentity(item, identity, parameter));
    }
    return filled;
  }
  return value;
}

/** The `unique_identity` keys an action's fixed parameters name in templates, in order of first use. */
function templateKeys(value: unknown, keys: Set<string>): Set<string> {
  if (typeof value === "string") for (const match of value.matchAll(EMBEDDED_TEMPLATE)) keys.add(match[1] as string);
  else if (Array.isArray(value)) for (const item of value) templateKeys(item, keys);
  else if (value !== null && typeof value === "object")
    for (const item of Object.values(value)) templateKeys(item, keys);
  return keys;
}

/**
 * The `unique_identity` keys a recall of this catalog action must carry: those its fixed parameters name as
 * `{{unique_identity.<key>}}` (`["order_id"]` for the example's `view_order`); none for an action the catalog does not
 * have (its recall answers NOT_FOUND).
 *
 * @example
 * catalogIdentityKeys(catalog, "kn_orders", "view_order"); // ["order_id"]
 */
export function catalogIdentityKeys(catalog: ActionCatalog, knId: string, actionTypeId: string): string[] {
  const network = Object.hasOwn(catalog.knowledge_networks, knId) ? catalog.knowledge_networks[knId] : undefined;
  const action =
    network !== undefined && Object.hasOwn(network.action_types, actionTypeId)
      ? network.action_types[actionTypeId]
      : undefined;
  return [...templateKeys(action?.fixed_params ?? {}, new Set())];
}

function findAction(catalog: ActionCatalog, knId: string, actionTypeId: string): CatalogAction {
  const networks = catalog.knowledge_networks;
  const network = Object.hasOwn(networks, knId) ? networks[knId] : undefined;
  if (network === undefined) {
    throw new ActionRecallError(
      "NOT_FOUND",
      `Knowledge network "${knId}" is not in the action catalog ${catalog.path}`,
      {
        data: { kn_id: knId },
      },
    );
  }
  const action = Object.hasOwn(network.action_types, actionTypeId) ? network.action_types[actionTypeId] : undefined;
  if (action === undefined) {
    throw new ActionRecallError(
      "NOT_FOUND",
      `Action type "${actionTypeId}" is not in knowledge network "${knId}" of the action catalog ${catalog.path}`,
      { data: { kn_id: knId, action_type_id: actionTypeId } },
    );
  }
  return action;
}

/**
 * The local catalog as an action source: answers the same action-query shape as ontology-query. An OpenAPI action
 * becomes `{type: "tool", box_id: <kn_id>, tool_id: <action_type_id>}` (served by {@link createCatalogToolDetails}),
 * an MCP action `{type: "mcp", mcp_id, tool_name}`; `fixed_params` become `actions[0].parameters`.
 */
export function createCatalogActionSource(catalog: ActionCatalog): ActionSource {
  return {
    async recall(request: ActionRecallRequest): Promise<ActionQueryResult> {
      const action = findAction(catalog, request.knId, request.actionTypeId);
      const parameters: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(action.fixed_params ?? {})) {
        setOwnProperty(parameters, name, fillIdentity(value, request.uniqueIdentity, name));
      }
      const tool = action.tool;
      const source =
        "mcp" in tool
          ? { type: "mcp", mcp_id: tool.mcp, tool_name: tool.tool_name }
          : { type: "tool", box_id: request.knId, tool_id: request.actionTypeId };
      return { action_source: source, actions: [{ parameters }], total_count: 1 };
    },
  };
}

/**
 * The catalog's OpenAPI actions as tool details, in the tool box's shape: box = knowledge network, tool = action type.
 * A selector the document does not have is CONFIG_INVALID naming the catalog path.
 */
export function createCatalogToolDetails(catalog: ActionCatalog): ToolDetailProvider {
  return {
    async getToolDetail(boxId, toolId) {
      const action = findAction(catalog, boxId, toolId);
      const pointer = `/knowledge_networks/${boxId}/action_types/${toolId}/tool`;
      if ("mcp" in action.tool) {
        throw new ActionRecallError(
          "CONFIG_INVALID",
          `Action catalog ${catalog.path} at ${pointer}: not an OpenAPI tool`,
          {
            data: { path: catalog.path, pointer },
          },
        );
      }
      const { openapi, operation } = action.tool;
      const document = catalog.documents.get(openapi) ?? {};
      const found = findOpenApiOperation(document, operation);
      if (found === undefined) {
        throw new ActionRecallError(
          "CONFIG_INVALID",
          `Action catalog ${catalog.path} at ${pointer}/operation: ${openapi} has no operation "${operation}"`,
          { data: { path: catalog.path, pointer: `${pointer}/operation` } },
        );
      }
      return toolDetailFromOpenApi(document, found, {
        toolId,
        ...(action.name === undefined ? {} : { name: action.name }),
        ...(action.description === undefined ? {} : { description: action.description }),
      });
    },
  };
}
