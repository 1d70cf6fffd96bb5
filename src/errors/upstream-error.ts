import { ActionRecallError, type ErrorData } from "./action-recall-error.js";

/** Data of {@link UpstreamError}: which upstream, and what it answered when it answered. */
export interface UpstreamErrorData extends ErrorData {
  /** A short name or URL of the upstream (`ontology-query`, `tool-box`, the request's URL without query). */
  upstream: string;
  /** The upstream's HTTP status, when it answered. */
  status?: number;
  /** The first bytes of the upstream's body, for diagnosis. */
  bodyExcerpt?: string;
}

/** Upstream code: timeout, error status, malformed body, or a response over the size limit. */
export type UpstreamErrorCode = "UPSTREAM_TIMEOUT" | "UPSTREAM_ERROR" | "UPSTREAM_MALFORMED" | "RESPONSE_TOO_LARGE";

/** A failure of a service we called: the code says which kind, `data.upstream` says which service. */
export class UpstreamError extends ActionRecallError<UpstreamErrorData> {
  override readonly name = "UpstreamError";

  constructor(code: UpstreamErrorCode, message: string, data: UpstreamErrorData, options: { cause?: unknown } = {}) {
    super(code, message, { cause: options.cause, data });
  }
}
