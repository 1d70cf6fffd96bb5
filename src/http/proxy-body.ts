/**
 * The body the tool-box proxy (`/tool-box/{box_id}/proxy/{tool_id}`) expects: arguments by location, and the time
 * the proxy may spend on the call, in seconds, when one is set.
 */
export interface ProxyBody {
  header: Record<string, string>;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  timeout?: number;
}
