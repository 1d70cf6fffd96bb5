/** Seed 002: completing tool arguments from a declaration, and the workflow JSON built from the steps. */
export {
  type BuildWorkflowJsonOptions,
  buildWorkflowJson,
  type WorkflowEdge,
  type WorkflowJson,
  type WorkflowNode,
  type WorkflowParameter,
  type WorkflowParameterType,
  type WorkflowStep,
} from "./build-workflow-json.js";
export { type CompletedToolArgs, type CompleteToolArgsOptions, completeToolArgs } from "./complete-tool-args.js";
export type { ToolDeclaration } from "./tool-declaration.js";
