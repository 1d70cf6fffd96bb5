import type { CallableTool } from "../calls/callable-tool.js";
import { ActionRecallError } from "../errors/action-recall-error.js";
import { closestName } from "../errors/closest-name.js";
import type { Tool } from "./define-tool.js";

/**
 * The tools a model may call, indexed by function name and by legacy XML tag. Names come from model output, so both
 * indexes are `Map`s: a model naming `__proto__` or `toString` finds nothing, never an inherited property.
 *
 * @example
 * const registry = new ToolRegistry([createFile]);
 * registry.get("create_file"); // the tool
 * registry.getByTag("create-file"); // the same tool
 */
export class ToolRegistry {
  readonly #byName = new Map<string, Tool>();
  readonly #byTag = new Map<string, Tool>();

  constructor(tools: Iterable<Tool> = []) {
    for (const tool of tools) this.register(tool);
  }

  /**
   * Adds a tool under its name and, when it has one, its XML tag. A name or tag already taken throws `DUPLICATE_TOOL`
   * naming both tools; the registry is left unchanged.
   */
  register(tool: Tool): this {
    const nameOwner = this.#byName.get(tool.name);
    if (nameOwner !== undefined) throw duplicate(`name "${tool.name}"`, nameOwner, tool);
    const tag = tool.xml?.tag;
    const tagOwner = tag === undefined ? undefined : this.#byTag.get(tag);
    if (tagOwner !== undefined) throw duplicate(`XML tag "${tag}"`, tagOwner, tool);
    this.#byName.set(tool.name, tool);
    if (tag !== undefined) this.#byTag.set(tag, tool);
    return this;
  }

  /** The tool with this function name, or `undefined`. */
  get(name: string): Tool | undefined {
    return this.#byName.get(name);
  }

  /** The tool with this legacy XML tag, or `undefined`. */
  getByTag(tag: string): Tool | undefined {
    return this.#byTag.get(tag);
  }

  /** Every tool, in registration order. */
  list(): Tool[] {
    return [...this.#byName.values()];
  }

  /** Every tool without its executor: what `parseToolCalls` and `renderToolPrompt` take. */
  callableTools(): CallableTool[] {
    return this.list().map(({ name, description, parameters, xml }) =>
      xml === undefined ? { name, description, parameters } : { name, description, parameters, xml },
    );
  }

  /** The registered name closest to a misspelt one, for "did you mean" messages. */
  suggest(name: string): string | undefined {
    return closestName(name, this.#byName.keys());
  }
}

function duplicate(what: string, owner: Tool, newcomer: Tool): ActionRecallError {
  const owners =
    owner === newcomer
      ? `tool "${owner.name}" was registered twice`
      : `tools "${owner.name}" and "${newcomer.name}" both claim it`;
  return new ActionRecallError("DUPLICATE_TOOL", `Duplicate tool ${what}: ${owners}`, {
    data: { tool: newcomer.name, owner: owner.name },
  });
}
