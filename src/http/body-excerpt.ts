/** How much of an upstream body an error carries: enough to diagnose, too little to flood a log. */
const EXCERPT_LENGTH = 500;

/** The first characters of a body for an error message: text as is, anything else as JSON. */
export function bodyExcerpt(body: unknown): string {
  const text = typeof body === "string" ? body : (JSON.stringify(body) ?? "");
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
}
