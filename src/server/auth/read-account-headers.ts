import type { FastifyRequest } from "fastify";
import { readHeader } from "./read-header.js";

/** The account a trusted caller names in `x-account-id` / `x-account-type` (the type defaults to `user`). */
export function readAccountHeaders(request: FastifyRequest): { accountId: string | undefined; accountType: string } {
  return {
    accountId: readHeader(request, "x-account-id"),
    accountType: readHeader(request, "x-account-type") ?? "user",
  };
}
