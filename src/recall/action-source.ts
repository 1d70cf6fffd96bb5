/** One recall, as the service receives it: which action type, for which object, on whose behalf. */
export interface ActionRecallRequest {
  knId: string;
  actionTypeId: string;
  /** One object identity (`{"disease_id": "disease_000001"}`); the upstream wants an array of them. */
  uniqueIdentity: Record<string, unknown>;
  accountId: string;
  accountType: string;
  /** Propagated upstream as `x-request-id` when set. */
  requestId?: string;
  signal?: AbortSignal;
}

/**
 * Where an action's tool lives: `{type: "tool", box_id, tool_id}` (a tool box), `{type: "mcp", mcp_id, tool_name}`
 * (an MCP server), or a type this package does not support. Read from untrusted upstream data.
 */
export interface ActionSourceDescriptor {
  type: string;
  box_id?: string;
  tool_id?: string;
  mcp_id?: string;
  tool_name?: string;
  [key: string]: unknown;
}

/** One action of an action query: the fixed `parameters`, and the `dynamic_params` the model fills. */
export interface ActionEntry {
  parameters?: Record<string, unknown>;
  dynamic_params?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The answer of ontology-query's action-type query (seed 003), which every action source produces. */
export interface ActionQueryResult {
  action_source: ActionSourceDescriptor;
  actions: ActionEntry[];
  total_count?: number;
  overall_ms?: number;
}

/** Where actions come from: KWeaver's ontology-query, or a local catalog. */
export interface ActionSource {
  recall(request: ActionRecallRequest): Promise<ActionQueryResult>;
}
