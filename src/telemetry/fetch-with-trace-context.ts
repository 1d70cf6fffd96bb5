import { traceContextHeaders } from "./trace-context-headers.js";

/**
 * `fetch` that sends the active W3C trace context along, for the clients that make their requests through a `fetch`
 * they are given (the MCP SDK's transports, the OpenAI SDK): their upstreams continue the caller's trace. The trace
 * context replaces a `traceparent` the request names, as in every other upstream request.
 */
export const fetchWithTraceContext: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  for (const [name, value] of Object.entries(traceContextHeaders())) headers.set(name, value);
  return fetch(input, { ...init, headers });
};
