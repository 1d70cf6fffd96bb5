import { InvalidArgumentsError } from "../errors/invalid-arguments-error.js";
import { escapeJsonPointerToken } from "../openapi/json-pointer.js";

/** Options of {@link checkPathSegment}. */
export interface CheckPathSegmentOptions {
  /**
   * Also refuse `/` and `\`, raw or percent-encoded (`%2F`, `%5c`): for a value another service places in a path,
   * whose encoding is not ours to know. Default false: a value this package encodes has its `/` encoded.
   */
  refuseSeparators?: boolean;
}

/** A percent-encoded ASCII character: the only ones a dot segment, a separator or a control character is made of. */
const ASCII_TRIPLE = /%([0-7][0-9A-Fa-f])/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const SEPARATOR = /[/\\]/;

/**
 * Why `value` cannot be placed in a URL path as one segment, or undefined when it can. Refused are an empty value,
 * a dot segment (`.`, `..`) in any spelling (`%2e%2E`, `.%2E`: every URL parser and most servers resolve them, so the
 * request would reach another path) and a control character (U+0000-U+001F, U+007F); with `refuseSeparators`, a `/`
 * or `\` too. Percent-encoded ASCII is decoded before checking (a triple of a non-ASCII byte is left as written: no
 * such byte makes a dot, a separator or a control character), so a value that is no valid UTF-8 is checked as well.
 *
 * @example
 * checkPathSegment("%2E%2e"); // 'must not be the dot segment ".." (written "%2E%2e"): it would change the path'
 * checkPathSegment("a/b"); // undefined: it is percent-encoded as one segment
 * checkPathSegment("a%2Fb", { refuseSeparators: true }); // "must not hold / or \\ (written ...)"
 */
export function checkPathSegment(value: string, options: CheckPathSegmentOptions = {}): string | undefined {
  const decoded = value.replace(ASCII_TRIPLE, (_triple, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const written = decoded === value ? "" : ` (written ${JSON.stringify(value)})`;
  if (decoded === "") return "must not be empty";
  if (decoded === "." || decoded === "..") {
    return `must not be the dot segment "${decoded}"${written}: it would change the path`;
  }
  if (CONTROL_CHARACTER.test(decoded)) return `must not hold a control character${written}`;
  if (options.refuseSeparators === true && SEPARATOR.test(decoded)) {
    return `must not hold / or \\${written}: it would add or remove a path segment`;
  }
  return undefined;
}

/**
 * The INVALID_ARGUMENTS error for the path parameter `name` whose value (`text`, as it would be written) cannot be a
 * path segment, for `reason` (`must not ...`); `operation` names the operation when known.
 *
 * @example
 * throw invalidPathValueError("id", "..", 'must not be the dot segment ".."'); // path.id must not be the dot segment ".."
 */
export function invalidPathValueError(
  name: string,
  text: string,
  reason: string,
  operation?: string,
): InvalidArgumentsError {
  return new InvalidArgumentsError(
    `path.${name}${operation === undefined ? "" : ` of ${operation}`} ${reason}`,
    [
      {
        instancePath: `/path/${escapeJsonPointerToken(name)}`,
        schemaPath: "#/properties/path",
        keyword: "pathSegment",
        params: { value: text },
        message: reason,
        location: `path.${name}`,
      },
    ],
    operation === undefined ? {} : { operation },
  );
}
