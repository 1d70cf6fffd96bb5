/**
 * What the tool-box proxy answers, in its own field names: the tool API's status, headers and body, the proxy's
 * error when the call failed, and how long the call took.
 */
export interface ProxyResult {
  status_code: number;
  headers: Record<string, unknown>;
  body: unknown;
  error: unknown;
  /** The proxy's own figure; our measured time when the proxy gives none. */
  duration_ms: number;
}
