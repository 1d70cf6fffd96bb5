import type { FastifyInstance } from "fastify";

/** How a {@link closeWithDeadline} ended. */
export interface CloseOutcome {
  /** True when the deadline passed and the sockets still open were closed. */
  forced: boolean;
}

/**
 * Closes the service with a deadline: stops accepting connections and lets in-flight requests finish; when
 * `timeoutMs` passes first, closes every socket still open (slow bodies, SSE and `/mcp` streams, hijacked replies)
 * and then finishes closing. `force()` on the returned handle closes them at once (a second signal).
 *
 * @example
 * const { done } = closeWithDeadline(app, 25_000);
 * const { forced } = await done;
 */
export function closeWithDeadline(
  app: FastifyInstance,
  timeoutMs: number,
): { done: Promise<CloseOutcome>; force(): void } {
  let forced = false;
  const force = (): void => {
    forced = true;
    app.server.closeAllConnections();
  };
  const timer = setTimeout(force, timeoutMs);
  const done = app
    .close()
    .finally(() => clearTimeout(timer))
    .then(() => ({ forced }));
  return { done, force };
}
