import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { ActionRecallError } from "../errors/index.js";
import { invalidArgumentError } from "../errors/invalid-option-error.js";
import { loadDocument } from "../openapi/load-document.js";
import { parseYamlText } from "../openapi/parse-yaml-text.js";
import { findOpenApiOperation } from "./openapi-tool-detail.js";

/** A catalog action whose tool is one operation of a local OpenAPI file. */
export interface CatalogOpenApiTool {
  /** The OpenAPI 3.x or Swagger 2.0 file (upgraded), JSON or YAML, relative to the catalog file. */
  openapi: string;
  /** `operationId`, or `"METHOD /path"`. */
  operation: string;
}

/** A catalog action whose tool lives on an MCP server. */
export interface CatalogMcpTool {
  /** An id of `mcp_servers`, or one the configured MCP map or template resolves. */
  mcp: string;
  tool_name: string;
}

/** One action type of the catalog. */
export interface CatalogAction {
  /** The tool's name for the model; default the operation's `operationId` (or the MCP tool's name). */
  name?: string;
  description?: string;
  tool: CatalogOpenApiTool | CatalogMcpTool;
  /**
   * The action's fixed parameters (its `actions[0].parameters`). String values may use `{{unique_identity.<key>}}`:
   * a whole-string template keeps the identity value's type, an embedded one is written into the string.
   */
  fixed_params?: Record<string, unknown>;
}

/** The local catalog (`action-recall.yaml`): knowledge networks → action types → tools. */
export interface ActionCatalog {
  /** Where the catalog was read from; relative tool files resolve against its folder. */
  path: string;
  knowledge_networks: Record<string, { action_types: Record<string, CatalogAction> }>;
  /** `mcp_id` → MCP endpoint URL. */
  mcp_servers: Record<string, string>;
  /** Each OpenAPI file the catalog names, parsed, by its path as written in the catalog. */
  documents: Map<string, Record<string, unknown>>;
}

const CATALOG_SCHEMA = {
  type: "object",
  required: ["knowledge_networks"],
  additionalProperties: false,
  properties: {
    version: { const: 1 },
    mcp_servers: { type: "object", additionalProperties: { type: "string", pattern: "^https?://" } },
    knowledge_networks: {
      type: "object",
      additionalProperties: {
        type: "object",
        required: ["action_types"],
        additionalProperties: false,
        properties: {
          action_types: {
            type: "object",
            additionalProperties: {
              type: "object",
              required: ["tool"],
              additionalProperties: false,
              properties: {
                name: { type: "string", minLength: 1 },
                description: { type: "string" },
                fixed_params: { type: "object" },
                tool: {
                  oneOf: [
                    {
                      type: "object",
                      required: ["openapi", "operation"],
                      additionalProperties: false,
                      properties: {
                        openapi: { type: "string", minLength: 1 },
                        operation: { type: "string", minLength: 1 },
                      },
                    },
                    {
                      type: "object",
                      required: ["mcp", "tool_name"],
                      additionalProperties: false,
                      properties: {
                        mcp: { type: "string", minLength: 1 },
                        tool_name: { type: "string", minLength: 1 },
                      },
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

/** Compiled at the first catalog read: compiling at import made every import of the package pay for it. */
let validateCatalog: ValidateFunction | undefined;

function configInvalid(path: string, pointer: string, message: string, cause?: unknown): ActionRecallError {
  return new ActionRecallError(
    "CONFIG_INVALID",
    `Action catalog ${path}${pointer === "" ? "" : ` at ${pointer}`}: ${message}`,
    {
      cause,
      data: { path, pointer },
    },
  );
}

/**
 * Reads a file the catalog names, and parses it with `parse` (YAML or JSON; OpenAPI files as `convert` reads them),
 * turning every failure into CONFIG_INVALID at `pointer`.
 */
async function readCatalogFile<Parsed>(
  path: string,
  label: string,
  pointer: string,
  parse: (text: string) => Parsed,
): Promise<Parsed> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw configInvalid(label, pointer, `cannot read ${path}`, error);
  }
  try {
    return parse(text);
  } catch (error) {
    // The parsers' messages say what is wrong and where (`Invalid YAML at line 3, column 5: ...`).
    throw configInvalid(label, pointer, `${path}: ${(error as Error).message}`, error);
  }
}

/**
 * Reads and validates the local catalog and the OpenAPI files it names. Every problem is CONFIG_INVALID naming the
 * file and the pointer inside it (`/knowledge_networks/orders/action_types/lookup/tool`).
 *
 * @example
 * const catalog = await loadActionCatalog("examples/action-recall.yaml");
 */
export async function loadActionCatalog(path: string): Promise<ActionCatalog> {
  if (typeof path !== "string") throw invalidArgumentError("loadActionCatalog", "path", path, "a file path");
  const raw = await readCatalogFile(path, path, "", parseYamlText);
  validateCatalog ??= new Ajv({ allErrors: true, strict: false }).compile(CATALOG_SCHEMA);
  if (!validateCatalog(raw)) {
    const issues = (validateCatalog.errors ?? []).filter(
      (issue) => issue.keyword !== "oneOf" && issue.keyword !== "if",
    );
    const first = issues[0] ?? validateCatalog.errors?.[0];
    const details = issues.map((issue) => `${issue.instancePath || "/"} ${issue.message ?? ""}`).join("; ");
    throw configInvalid(path, first?.instancePath ?? "", details);
  }
  const catalog = raw as unknown as Pick<ActionCatalog, "knowledge_networks"> & {
    mcp_servers?: Record<string, string>;
  };
  const documents = new Map<string, Record<string, unknown>>();
  for (const [knId, network] of Object.entries(catalog.knowledge_networks)) {
    for (const [actionTypeId, action] of Object.entries(network.action_types)) {
      const tool = action.tool;
      const pointer = `/knowledge_networks/${knId}/action_types/${actionTypeId}/tool`;
      if ("mcp" in tool) continue;
      if (!documents.has(tool.openapi)) {
        const document = await readCatalogFile(
          resolve(dirname(path), tool.openapi),
          path,
          `${pointer}/openapi`,
          loadDocument,
        );
        // `loadDocument` also reads tool details and MCP tools, which a catalog's `openapi` may not name.
        if (typeof document.openapi !== "string") {
          throw configInvalid(path, `${pointer}/openapi`, `${tool.openapi} is not an OpenAPI 3 document`);
        }
        documents.set(tool.openapi, document);
      }
      if (findCatalogOperation(documents.get(tool.openapi) ?? {}, tool, path, pointer) === undefined) {
        throw configInvalid(path, `${pointer}/operation`, `${tool.openapi} has no operation "${tool.operation}"`);
      }
    }
  }
  return { path, knowledge_networks: catalog.knowledge_networks, mcp_servers: catalog.mcp_servers ?? {}, documents };
}

/** {@link findOpenApiOperation}, with a path item it cannot read reported as CONFIG_INVALID at the tool's file. */
function findCatalogOperation(
  document: Record<string, unknown>,
  tool: CatalogOpenApiTool,
  path: string,
  pointer: string,
): ReturnType<typeof findOpenApiOperation> {
  try {
    return findOpenApiOperation(document, tool.operation);
  } catch (error) {
    throw configInvalid(path, `${pointer}/openapi`, `${tool.openapi}: ${(error as Error).message}`, error);
  }
}
