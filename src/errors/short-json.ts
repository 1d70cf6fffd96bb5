/**
 * A value as an error or report message shows it: its JSON, cut to 80 characters, or its type when it has no JSON
 * (a function, a symbol, a bigint, a value whose `toJSON` throws).
 *
 * @example
 * shortJson({ type: 5 }); // '{"type":5}'
 */
export function shortJson(value: unknown): string {
  let json: string | undefined;
  try {
    json = typeof value === "bigint" ? undefined : JSON.stringify(value);
  } catch {
    json = undefined;
  }
  if (json === undefined) return typeof value === "function" ? "a function" : typeof value;
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}
