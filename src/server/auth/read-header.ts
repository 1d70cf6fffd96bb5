import type { FastifyRequest } from "fastify";

/** A request header's value, or undefined when absent, empty, or sent more than once as a list. */
export function readHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The token of `Authorization: Bearer <token>`; undefined without one (another scheme is no bearer token). */
export function readBearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(readHeader(request, "authorization") ?? "")?.[1];
}
