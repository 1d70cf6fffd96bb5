import { SCOPES, type Scope } from "../principal.js";
import { invalid } from "../read-text.js";

/** The scope names of a setting, checked against {@link SCOPES}: an unknown name is CONFIG_INVALID, a repeated one counts once. */
export function toScopes(names: readonly unknown[], setting: string): Scope[] {
  const scopes: Scope[] = [];
  for (const name of names) {
    if (typeof name !== "string" || !(SCOPES as readonly string[]).includes(name)) {
      throw invalid(setting, String(name), `scope names from ${SCOPES.join(", ")}`);
    }
    if (!scopes.includes(name as Scope)) scopes.push(name as Scope);
  }
  return scopes;
}
