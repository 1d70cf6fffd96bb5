import type { FastifyRequest } from "fastify";
import { redactUrl } from "./redact-url.js";

/**
 * How a request is written in the logs (pino's `req` serializer): Fastify's fields, with credential-like query
 * parameters redacted from the URL. Headers are not written, so credentials in them never are.
 */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
