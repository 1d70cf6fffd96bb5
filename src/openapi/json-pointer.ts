import { ActionRecallError } from "../errors/action-recall-error.js";
import { checkStringArgument, invalidArgumentError } from "../errors/invalid-option-error.js";
import { findAnchor } from "./find-anchor.js";

/**
 * Splits a JSON pointer (`/a/b`) or a local `$ref` fragment (`#/a/b`) into unescaped tokens: percent-decoding first
 * (fragments are URI-encoded), then `~1` to `/` and `~0` to `~`, in that order, as RFC 6901 says.
 */
export function parseJsonPointer(pointer: string): string[] {
  checkStringArgument("parseJsonPointer", "pointer", pointer);
  let text = pointer.startsWith("#") ? pointer.slice(1) : pointer;
  if (text === "") return [];
  if (!text.startsWith("/")) {
    throw new ActionRecallError("REF_NOT_FOUND", `"${pointer}" is not a JSON pointer: it must start with "/"`, {
      data: { pointer },
    });
  }
  // Most pointers have nothing to decode or unescape: components are named in plain ASCII.
  if (!text.includes("%") && !text.includes("~")) return text.slice(1).split("/");
  if (pointer.startsWith("#")) {
    try {
      text = decodeURIComponent(text);
    } catch (cause) {
      throw new ActionRecallError("REF_NOT_FOUND", `"${pointer}" has a malformed percent-encoding`, {
        cause,
        data: { pointer },
      });
    }
  }
  return text
    .slice(1)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** Escapes one token for use in a JSON pointer (`~` to `~0`, `/` to `~1`). */
export function escapeJsonPointerToken(token: string): string {
  checkStringArgument("escapeJsonPointerToken", "token", token);
  // Scans are far cheaper than replacements on this hot path: replace only what is there (paths have `/`, few `~`).
  const tildesEscaped = token.includes("~") ? token.replaceAll("~", "~0") : token;
  return tildesEscaped.includes("/") ? tildesEscaped.replaceAll("/", "~1") : tildesEscaped;
}

/** Joins tokens into a `#/...` pointer, escaping each. */
export function formatJsonPointer(tokens: readonly string[]): string {
  if (!Array.isArray(tokens)) throw invalidArgumentError("formatJsonPointer", "tokens", tokens, "an array of strings");
  return `#${tokens.map((token) => `/${escapeJsonPointerToken(token)}`).join("")}`;
}

/** Appends tokens to a pointer: `appendJsonPointer("#/paths", "/pets")` is `#/paths/~1pets`. */
export function appendJsonPointer(pointer: string, ...tokens: string[]): string {
  checkStringArgument("appendJsonPointer", "pointer", pointer);
  let result = pointer;
  for (const token of tokens) result += `/${escapeJsonPointerToken(token)}`;
  return result;
}

/** True when a `$ref` points outside the current document (another file or a URL). */
export function isExternalRef(ref: string): boolean {
  checkStringArgument("isExternalRef", "ref", ref);
  return !ref.startsWith("#");
}

/** Whether a `$ref` is a plain-name fragment (`#pet`), naming a `$anchor` rather than a place. */
function isAnchorRef(ref: string): boolean {
  return ref.length > 1 && ref.startsWith("#") && ref.charAt(1) !== "/";
}

/**
 * Looks up a local `$ref` in `document`: a JSON pointer (`#/components/schemas/Pet`), or a plain name naming a
 * `$anchor` (`#pet`, see {@link findAnchor}). Reads own properties only, so a pointer through `__proto__` or
 * `constructor` finds nothing instead of the prototype. External refs are refused: this package never reads files or
 * the network for a `$ref` unless a caller resolved them beforehand.
 */
export function resolveJsonPointer(document: unknown, ref: string): unknown {
  checkStringArgument("resolveJsonPointer", "ref", ref);
  if (isAnchorRef(ref)) return findAnchor(document, ref);
  if (isExternalRef(ref)) {
    throw new ActionRecallError(
      "EXTERNAL_REF_REFUSED",
      `External $ref "${ref}" is refused: only local references ("#/...") are resolved`,
      { data: { pointer: ref } },
    );
  }
  let current: unknown = document;
  for (const token of parseJsonPointer(ref)) {
    if (Array.isArray(current) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < current.length) {
      current = current[Number(token)];
    } else if (
      current !== null &&
      typeof current === "object" &&
      !Array.isArray(current) &&
      Object.hasOwn(current, token)
    ) {
      current = (current as Record<string, unknown>)[token];
    } else {
      throw new ActionRecallError("REF_NOT_FOUND", `Nothing at "${ref}": no "${token}" there`, {
        data: { pointer: ref },
      });
    }
  }
  return current;
}

/**
 * A pointer as a message shows it: its first 200 characters, and `...` when it goes on (a pointer to a value nested
 * thousands of levels deep is as long again).
 *
 * @example
 * shortPointer("/a".repeat(501)); // "/a/a/.../a..." (200 characters, then "...")
 */
export function shortPointer(pointer: string): string {
  return pointer.length > SHORT_POINTER_LENGTH ? `${pointer.slice(0, SHORT_POINTER_LENGTH)}...` : pointer;
}

const SHORT_POINTER_LENGTH = 200;
