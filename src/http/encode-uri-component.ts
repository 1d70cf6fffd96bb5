import { configure } from "safe-stable-stringify";
import { ActionRecallError } from "../errors/action-recall-error.js";

/**
 * Percent-encodes everything but RFC 3986 unreserved characters (`encodeURIComponent` leaves `!'()*` alone; they are
 * sub-delimiters, so they are encoded too). `parameter` names the value in the error a lone surrogate raises.
 */
export function encodeStrict(text: string, parameter: string): string {
  return encodeOrThrow(text, parameter).replace(/[!'()*]/g, (character) => `%${hex(character)}`);
}

/**
 * Percent-encodes for a query value with OAS `allowReserved: true`: RFC 3986 reserved characters and percent-encoded
 * triples (`%41`) stay as written, as OAS says. Still encoded are the characters it leaves to applications: `[`, `]`
 * and `#`, which a query may not hold, and `&`, `=` and `+`, which a form-urlencoded reader takes for a separator or a
 * space; and a `%` that starts no triple.
 */
export function encodeAllowingReserved(text: string, parameter: string): string {
  return encodeOrThrow(text, parameter)
    .replace(/%(3A|2F|3F|40|24|2C|3B)/g, (_match, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/%25([0-9A-Fa-f]{2})/g, "%$1");
}

/** The text of one scalar: strings as written, numbers and booleans as JSON writes them, nested values as JSON. */
export function stringifyScalar(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return argumentJson(value);
}

/**
 * An argument's JSON, a bigint (a JavaScript caller's int64 id) written as its digits, where `JSON.stringify` throws.
 * Values JSON cannot write at all (functions, symbols) were refused with the arguments.
 */
export function argumentJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return writeJsonWithBigints(value) ?? "";
  }
}

const writeJsonWithBigints = configure({ bigint: true, deterministic: false });

function encodeOrThrow(text: string, parameter: string): string {
  try {
    return encodeURIComponent(text);
  } catch (cause) {
    throw new ActionRecallError(
      "INVALID_ARGUMENTS",
      `${parameter} holds a lone UTF-16 surrogate and cannot be encoded`,
      {
        cause,
        data: { parameter },
      },
    );
  }
}

function hex(character: string): string {
  return character.charCodeAt(0).toString(16).toUpperCase();
}
