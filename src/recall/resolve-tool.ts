import { ActionRecallError } from "../errors/index.js";
import type { ToolResolver } from "./resolved-tool.js";

/**
 * One resolver over several, chosen by `action_source.type` (`tool`, `mcp`); any other type is
 * UNSUPPORTED_ACTION_SOURCE naming it (the service answers 422).
 */
export function createToolResolver(resolvers: Readonly<Record<string, ToolResolver>>): ToolResolver {
  return {
    async resolve(source, request) {
      const type = source.type;
      if (!Object.hasOwn(resolvers, type)) {
        const supported = Object.keys(resolvers).join(", ");
        throw new ActionRecallError(
          "UNSUPPORTED_ACTION_SOURCE",
          `Action source type "${type}" is not supported (supported: ${supported})`,
          { data: { type, pointer: "/action_source/type" } },
        );
      }
      return (resolvers[type] as ToolResolver).resolve(source, request);
    },
  };
}
