import { parseJsonPointer } from "../openapi/json-pointer.js";
import type { PrunedSchema } from "./conversion-report.js";

/**
 * What a pruned schema's description says about the cut: the target by name (`#` is the root of an MCP tool's
 * `inputSchema` that contains itself), and why it was cut.
 */
export function pruneNote(reason: PrunedSchema["reason"], ref: string, maxDepth: number): string {
  const name = lastToken(ref) || "the root schema";
  if (reason === "cycle") return `detail cut: ${name} repeats recursively here; pass an object of the same shape`;
  if (reason === "depth") return `detail cut: ${name} is nested more than ${maxDepth} references deep`;
  return `detail cut: ${name} exceeds the schema size limit`;
}

/** What a pruned target is called in its note: the pointer's last token, an anchor's name, or a URI's last segment. */
function lastToken(ref: string): string {
  const hash = ref.indexOf("#");
  if (hash === -1) return ref.split("/").findLast((segment) => segment !== "") ?? ref;
  const fragment = ref.slice(hash);
  if (!fragment.startsWith("#/")) return fragment.length > 1 ? fragment.slice(1) : lastToken(ref.slice(0, hash));
  try {
    return parseJsonPointer(fragment).at(-1) ?? ref;
  } catch {
    return ref;
  }
}
