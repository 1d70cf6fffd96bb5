// The public API of the request side: building requests, the tool-box proxy body, and sending with limits.

export { type BuildRequestOptions, buildRequest } from "./build-request.js";
export { type ClassifyArgumentsOptions, classifyArguments } from "./classify-arguments.js";
export type { HttpRequest } from "./http-request.js";
export type { HttpResponse } from "./http-response.js";
export type { LayeredArguments } from "./layered-arguments.js";
export { mergeFixedParams } from "./merge-fixed-params.js";
export type { UpstreamCallOptions } from "./open-upstream-response.js";
export { type PostToProxyOptions, postToProxy } from "./post-to-proxy.js";
export type { ProxyBody } from "./proxy-body.js";
export type { ProxyResult } from "./proxy-result.js";
export { HTTP_PROXY_TRANSPORT, type ProxyTransport } from "./proxy-transport.js";
export type { ParseAs } from "./read-response-body.js";
export { type SendRequestOptions, sendRequest } from "./send-request.js";
export { streamFromProxy } from "./stream-from-proxy.js";
export { type ToProxyBodyOptions, toProxyBody } from "./to-proxy-body.js";
