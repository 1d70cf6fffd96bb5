import { ActionRecallError } from "../errors/action-recall-error.js";
import type { OperationSpec } from "./operation-spec.js";

/**
 * Picks operations by `operationId` or by `"METHOD /path"` (the method in any case), in the order of `selectors`.
 * An unknown selector throws `OPERATION_NOT_FOUND`, naming it and the closest existing ids.
 *
 * @example
 * selectOperations(listOperations(document), ["listPets", "DELETE /pets/{petId}"]);
 */
export function selectOperations(operations: readonly OperationSpec[], selectors: readonly string[]): OperationSpec[] {
  return selectors.map((selector) => {
    const found = operations.find((operation) => matches(operation, selector));
    if (found !== undefined) return found;
    const suggestions = closestIds(operations, selector);
    const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((id) => `"${id}"`).join(", ")}?` : "";
    throw new ActionRecallError("OPERATION_NOT_FOUND", `No operation "${selector}"${hint}`, {
      data: { operation: selector, suggestions },
    });
  });
}

function matches(operation: OperationSpec, selector: string): boolean {
  if (operation.operationId === selector || operation.id === selector) return true;
  const [method, ...rest] = selector.trim().split(/\s+/);
  return rest.length === 1 && method?.toUpperCase() === operation.method && rest[0] === operation.path;
}

/** The up to three ids nearest to the selector by edit distance, when near enough to be a likely typo. */
function closestIds(operations: readonly OperationSpec[], selector: string): string[] {
  const wanted = selector.toLowerCase();
  return operations
    .map((operation) => ({ id: operation.id, distance: editDistance(operation.id.toLowerCase(), wanted) }))
    .filter(({ id, distance }) => distance <= Math.max(2, Math.floor(Math.max(id.length, wanted.length) / 3)))
    .sort((left, right) => left.distance - right.distance || left.id.localeCompare(right.id))
    .slice(0, 3)
    .map(({ id }) => id);
}

/** Levenshtein distance, two rows at a time; ids are short, so this is cheap. */
function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution = (previous[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}
