// The error classes alone: the SDK's root module is loaded only when a client first sends a request.
import { APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai/core/error";
import { ActionRecallError } from "../errors/action-recall-error.js";

/** Longest part of an endpoint's error body kept in a message. */
const EXCERPT_LENGTH = 300;

/**
 * Turns what the `openai` SDK threw into an `LLM_TIMEOUT` or `LLM_ERROR` error that says which endpoint, which model
 * and what it answered. Errors already of ours pass through.
 */
export function toLlmError(
  cause: unknown,
  context: { baseURL: string; model: string; timeoutMs: number },
): ActionRecallError {
  if (cause instanceof ActionRecallError) return cause;
  const where = `model "${context.model}" at ${context.baseURL}`;
  const data = { upstream: context.baseURL, model: context.model };
  if (cause instanceof APIConnectionTimeoutError) {
    return new ActionRecallError("LLM_TIMEOUT", `The ${where} did not answer within ${context.timeoutMs} ms`, {
      cause,
      data,
    });
  }
  if (cause instanceof APIUserAbortError) {
    return new ActionRecallError("ABORTED", `The request to the ${where} was aborted`, { cause, data });
  }
  if (cause instanceof APIError && cause.status !== undefined) {
    const body = cause.error === undefined ? "" : JSON.stringify(cause.error).slice(0, EXCERPT_LENGTH);
    return new ActionRecallError("LLM_ERROR", `The ${where} answered HTTP ${cause.status}: ${body || cause.message}`, {
      cause,
      data: { ...data, status: cause.status },
    });
  }
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ActionRecallError("LLM_ERROR", `The ${where} could not be reached: ${detail}`, { cause, data });
}

/** True when the endpoint refused the request itself (400/404/422): a different request shape may still work. */
export function isRequestRefused(error: ActionRecallError): boolean {
  const status = error.data.status;
  return error.code === "LLM_ERROR" && (status === 400 || status === 404 || status === 422);
}
