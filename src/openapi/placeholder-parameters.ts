import type { ParameterSpec } from "./operation-spec.js";

/**
 * The operation's parameters, plus one for each placeholder of its path key that no parameter declares: without
 * one, the tool would not ask for the value and every request would fail. icons8 writes
 * `/api/iconsets/v3/latest?term={term}&amount={amount}` and declares `amount` but not `term`.
 *
 * - A `name={name}` pair of the key's query string gets an optional string query parameter: the pair is then left to
 *   it (see `expandPathTemplate`), sent when the model gives a value and left out when not, since nothing says the
 *   API needs it.
 * - Any other placeholder (in the path, or `q={query}`) gets a required string path parameter: the URL cannot be
 *   written without it.
 *
 * A placeholder whose name some parameter has, at any location, gets none: a second parameter of that name would
 * make flat arguments ambiguous. The key's fragment is never sent, so its placeholders get none either. `pointer` is
 * where the operation is, given as the new parameters' pointer.
 */
export function withPlaceholderParameters(path: string, parameters: ParameterSpec[], pointer: string): ParameterSpec[] {
  // Most keys have no placeholder, or only declared ones: their list is returned as it is. A scan, not `matchAll`,
  // which allocates a match per placeholder: this runs for every operation of a spec.
  if (!path.includes("{")) return parameters;
  let added: ParameterSpec[] | undefined;
  const hash = path.indexOf("#");
  const sent = hash === -1 ? path : path.slice(0, hash);
  const queryStart = sent.indexOf("?");
  for (let close = sent.indexOf("}"); close !== -1; close = sent.indexOf("}", close + 1)) {
    // The innermost `{` before the `}`, as `\{([^{}]+)\}` matches (`expandPathTemplate` fills those).
    const open = sent.lastIndexOf("{", close);
    if (open === -1 || open === close - 1 || sent.lastIndexOf("}", close - 1) > open) continue;
    const name = sent.slice(open + 1, close);
    if (hasParameterNamed(parameters, name) || (added !== undefined && hasParameterNamed(added, name))) continue;
    const inQueryPair = queryStart !== -1 && open > queryStart && isOwnPair(sent, open, name);
    added ??= [];
    added.push(placeholderParameter(name, inQueryPair, path, pointer));
  }
  return added === undefined ? parameters : [...parameters, ...added];
}

function hasParameterNamed(parameters: readonly ParameterSpec[], name: string): boolean {
  for (const parameter of parameters) if (parameter.name === name) return true;
  return false;
}

/** Whether the placeholder at `index` is the whole value of a pair named after it (`name={name}`). */
function isOwnPair(query: string, index: number, name: string): boolean {
  const pairStart = Math.max(query.lastIndexOf("&", index), query.lastIndexOf("?", index)) + 1;
  const end = index + name.length + 2;
  return query.slice(pairStart, index) === `${name}=` && (end === query.length || query[end] === "&");
}

function placeholderParameter(name: string, inQueryPair: boolean, path: string, pointer: string): ParameterSpec {
  return {
    name,
    in: inQueryPair ? "query" : "path",
    required: !inQueryPair,
    description: `The value of {${name}} in ${path}; the spec declares no parameter for it`,
    schema: { type: "string" },
    fromPlaceholder: true,
    pointer,
  };
}
