import { type PostToProxyOptions, postToProxy } from "./post-to-proxy.js";
import type { ProxyBody } from "./proxy-body.js";
import type { ProxyResult } from "./proxy-result.js";
import { streamFromProxy } from "./stream-from-proxy.js";

/**
 * How a proxy body reaches the tool: posted to the tool box's proxy over HTTP ({@link HTTP_PROXY_TRANSPORT}), or run
 * in process where the service stands in for the proxy (catalog mode). Both answer as the proxy does: `post` with the
 * proxy's result (UPSTREAM_ERROR carrying it when the tool failed), `stream` with the payload of each event.
 */
export interface ProxyTransport {
  post(apiUrl: string, body: ProxyBody, options: PostToProxyOptions): Promise<ProxyResult>;
  stream(apiUrl: string, body: ProxyBody, options: PostToProxyOptions): AsyncIterable<string>;
}

/** The tool box's proxy over HTTP: {@link postToProxy} and {@link streamFromProxy}. */
export const HTTP_PROXY_TRANSPORT: ProxyTransport = { post: postToProxy, stream: streamFromProxy };
