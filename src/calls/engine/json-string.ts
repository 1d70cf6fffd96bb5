/** A JSON string literal's value; undefined when it is not one (a bad escape, a number). */
export function jsonString(literal: string | undefined): string | undefined {
  if (literal === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(literal);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}
