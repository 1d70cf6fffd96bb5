import { ActionRecallError } from "../errors/action-recall-error.js";
import { closestNames } from "../errors/closest-name.js";
import type { OperationSpec } from "./operation-spec.js";

/**
 * Picks operations by `operationId` or by `"METHOD /path"` (the method in any case), in the order of `selectors`.
 * An unknown selector throws `OPERATION_NOT_FOUND`, naming it and the closest existing ids.
 *
 * @example
 * selectOperations(listOperations(document), ["listPets", "DELETE /pets/{petId}"]);
 */
export function selectOperations<Operation extends OperationIdentity>(
  operations: readonly Operation[],
  selectors: readonly string[],
): Operation[] {
  return selectors.map((selector) => {
    const found = operations.find((operation) => matchesSelector(operation, selector));
    if (found !== undefined) return found;
    const suggestions = closestNames(
      selector,
      operations.map((operation) => operation.id),
    );
    const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((id) => `"${id}"`).join(", ")}?` : "";
    throw new ActionRecallError("OPERATION_NOT_FOUND", `No operation "${selector}"${hint}`, {
      data: { operation: selector, suggestions },
    });
  });
}

/** What selection reads of an operation: an operation that could not be read in full still has these. */
export type OperationIdentity = Pick<OperationSpec, "id" | "operationId" | "method" | "path">;

/**
 * Whether `selector` (an `operationId`, or `"METHOD /path"` with the method in any case) names `operation`.
 *
 * @example
 * matchesSelector({ id: "listPets", operationId: "listPets", method: "GET", path: "/pets" }, "get /pets"); // true
 */
export function matchesSelector(operation: OperationIdentity, selector: string): boolean {
  if (operation.operationId === selector || operation.id === selector) return true;
  const [method, ...rest] = selector.trim().split(/\s+/);
  return rest.length === 1 && method?.toUpperCase() === operation.method && rest[0] === operation.path;
}
