import { InvalidArgumentsError } from "../errors/invalid-arguments-error.js";
import { checkObjectArgument, checkObjectsArgument } from "../errors/invalid-option-error.js";
import { getOwnProperty, isJsonObject } from "../openapi/own-properties.js";
import { isLayeredSchema } from "../schema/is-layered-schema.js";
import type { JsonSchema } from "../schema/json-schema.js";
import type { ToolDeclaration } from "./tool-declaration.js";

/** One step of a workflow: a tool call with its declaration. `id` defaults to `step-<index>`, `label` to the tool name. */
export interface WorkflowStep {
  id?: string;
  label?: string;
  toolName: string;
  toolArgs: Record<string, unknown>;
  declaration: ToolDeclaration;
}

/**
 * A data edge: the output of step `source` (optionally its `sourceParam` field) feeds parameter `targetParam` of step
 * `target`. Steps are named by id. A connected parameter gets `""` in the JSON: its value arrives at run time.
 */
export interface WorkflowEdge {
  source: string;
  target: string;
  sourceParam?: string;
  targetParam: string;
}

/** Seed 002's type names. */
export type WorkflowParameterType = "str" | "int" | "float" | "bool" | "list" | "dict" | "Union" | "Any";

/** One entry of a node's `input_parameters`. */
export interface WorkflowParameter {
  name: string;
  type: WorkflowParameterType;
  value: unknown;
}

/** One node of the workflow JSON. */
export interface WorkflowNode {
  id: string;
  label: string;
  input_parameters: WorkflowParameter[];
}

/** Seed 002's workflow JSON. */
export interface WorkflowJson {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

/** Options of {@link buildWorkflowJson}. */
export interface BuildWorkflowJsonOptions {
  /** Parameters the runtime supplies, left out of `input_parameters`. */
  systemParams?: readonly string[];
}

const TYPE_NAMES: Readonly<Record<string, WorkflowParameterType>> = {
  string: "str",
  integer: "int",
  number: "float",
  boolean: "bool",
  array: "list",
  object: "dict",
};

const ZERO_VALUES: Readonly<Record<WorkflowParameterType, () => unknown>> = {
  str: () => "",
  int: () => 0,
  float: () => 0,
  bool: () => false,
  list: () => [],
  dict: () => ({}),
  Union: () => null,
  Any: () => null,
};

/**
 * Builds seed 002's workflow JSON: one node per step listing every declared parameter (system parameters skipped), with
 * the value chosen in this order: `""` when an edge feeds it, the step's argument, the declared default, the type's
 * zero value. Edges are collected before the nodes are built, so the edge rule applies (the original computed them
 * afterwards, and it never fired).
 *
 * @example
 * buildWorkflowJson([{ toolName: "t", toolArgs: {}, declaration: { name: "t", parameters: { properties: { n: { type: "integer" } } } } }], [])
 * // { nodes: [{ id: "step-0", label: "t", input_parameters: [{ name: "n", type: "int", value: 0 }] }], edges: [] }
 */
export function buildWorkflowJson(
  steps: readonly WorkflowStep[],
  edges: readonly WorkflowEdge[],
  options: BuildWorkflowJsonOptions = {},
): WorkflowJson {
  checkObjectsArgument("buildWorkflowJson", "steps", steps);
  checkObjectsArgument("buildWorkflowJson", "edges", edges);
  checkObjectArgument("buildWorkflowJson", "options", options, true);
  const systemParams = options.systemParams ?? ["executor", "storage"];
  const ids = steps.map((step, index) => step.id ?? `step-${index}`);
  const connected = connectedParameters(ids, edges);
  const nodes = steps.map((step, index) => {
    const id = ids[index] ?? `step-${index}`;
    const input_parameters = declaredParameters(step.declaration.parameters, systemParams).map(
      ({ name, schema }): WorkflowParameter => {
        const type = typeName(schema);
        return {
          name,
          type,
          value: chooseValue({ step, name, schema, type, connected: connected.has(`${id}\n${name}`) }),
        };
      },
    );
    return { id, label: step.label ?? step.toolName, input_parameters };
  });
  return { nodes, edges: edges.map((edge) => ({ ...edge })) };
}

/** The set of `<step id>\n<parameter>` fed by an edge; an edge naming an unknown step is refused. */
function connectedParameters(ids: readonly string[], edges: readonly WorkflowEdge[]): Set<string> {
  const connected = new Set<string>();
  const known = new Set(ids);
  for (const [index, edge] of edges.entries()) {
    for (const end of ["source", "target"] as const) {
      if (!known.has(edge[end])) {
        throw new InvalidArgumentsError(`Edge ${index} names an unknown ${end} step "${edge[end]}"`, [
          {
            instancePath: `/${index}/${end}`,
            schemaPath: "",
            keyword: "enum",
            params: { allowedValues: ids },
            message: `must be one of the step ids`,
          },
        ]);
      }
    }
    connected.add(`${edge.target}\n${edge.targetParam}`);
  }
  return connected;
}

interface DeclaredParameter {
  name: string;
  schema: JsonSchema;
}

/** The declared parameters in order; a layered schema's are named `section.name`. */
function declaredParameters(schema: JsonSchema, systemParams: readonly string[]): DeclaredParameter[] {
  const layered = isLayeredSchema(schema);
  const list: DeclaredParameter[] = [];
  for (const [name, property] of Object.entries(isJsonObject(schema.properties) ? schema.properties : {})) {
    if (!isJsonObject(property)) continue;
    if (!layered) {
      if (!systemParams.includes(name)) list.push({ name, schema: property });
      continue;
    }
    for (const [member, memberSchema] of Object.entries(isJsonObject(property.properties) ? property.properties : {})) {
      if (isJsonObject(memberSchema) && !systemParams.includes(member)) {
        list.push({ name: `${name}.${member}`, schema: memberSchema });
      }
    }
  }
  return list;
}

function typeName(schema: JsonSchema): WorkflowParameterType {
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) return "Union";
  // `["string", "null"]` is a nullable string; more than one non-null type is a union.
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type) => type !== "null");
  if (types.length > 1) return "Union";
  const type = types[0];
  return typeof type === "string" && Object.hasOwn(TYPE_NAMES, type) ? (TYPE_NAMES[type] ?? "Any") : "Any";
}

interface ValueChoice {
  step: WorkflowStep;
  name: string;
  schema: JsonSchema;
  type: WorkflowParameterType;
  connected: boolean;
}

function chooseValue({ step, name, schema, type, connected }: ValueChoice): unknown {
  if (connected) return "";
  const given = argumentValue(step.toolArgs, name);
  if (given.found) return given.value;
  if (Object.hasOwn(schema, "default")) return schema.default;
  return ZERO_VALUES[type]();
}

/** Looks `name` up in the arguments; `section.member` reads inside the section of a layered call. */
function argumentValue(toolArgs: Record<string, unknown>, name: string): { found: boolean; value?: unknown } {
  if (Object.hasOwn(toolArgs, name)) return { found: true, value: toolArgs[name] };
  const dot = name.indexOf(".");
  if (dot < 0) return { found: false };
  const section = getOwnProperty(toolArgs, name.slice(0, dot));
  const member = name.slice(dot + 1);
  return isJsonObject(section) && Object.hasOwn(section, member)
    ? { found: true, value: section[member] }
    : { found: false };
}
