import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { ActionRecallError, isActionRecallError } from "../errors/action-recall-error.js";
import { createLlmClient } from "../llm/llm-client.js";
import { llmSettingsFromEnv } from "../llm/llm-settings.js";
import { isJsonObject } from "../openapi/own-properties.js";
import { type FillSlotsOptions, fillSlots } from "../slots/fill-slots.js";
import type { SlotHistoryStep } from "../slots/slot-sources.js";
import type { CliIo } from "./cli-io.js";
import { formatHelp, HELP_OPTION, OUTPUT_OPTION } from "./command-help.js";
import { writeResult } from "./write-result.js";

const HELP = formatHelp({
  usage: "action-recall fill --schema <file|-> [options]",
  description:
    "Fills a schema's slots from data, the conversation's context and an LLM, and prints the chunks as NDJSON, the last\n" +
    'line being {"slotData", "remainingSchema", "sources"}. The model comes from OPENAI_BASE_URL, OPENAI_API_KEY and\n' +
    "OPENAI_MODEL; without them only the deterministic phase runs.",
  sections: [
    {
      heading: "Options",
      rows: [
        ["--schema <file|->", "the JSON schema whose slots are filled (required)"],
        ["--data <json>", "values known already, as a JSON object"],
        ["--question <text>", "the user's question"],
        [
          "--context <file>",
          "a JSON file: {history?: [{name, output}], summary?, facts?: [..],\ntool?: {name, description}}",
        ],
        ["--language <zh|en>", "the language of the model's prompts"],
        OUTPUT_OPTION,
        HELP_OPTION,
      ],
    },
  ],
  examples: [
    'action-recall fill --schema weather-schema.json --data \'{"city": "Hangzhou"}\' --question "Weather tomorrow?"',
    "action-recall fill --schema schema.json --context context.json -o slots.ndjson",
  ],
});

/**
 * `action-recall fill`: fills a schema's slots and prints the chunks as NDJSON, the last line being
 * `{"slotData", "remainingSchema", "sources"}`. `env` defaults to the process environment.
 */
export async function runFillCommand(
  argv: string[],
  io: CliIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let values: ReturnType<typeof parseFillArguments>;
  try {
    values = parseFillArguments(argv);
  } catch (error) {
    io.stderr(`action-recall fill: ${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  if (values.help === true) {
    io.stdout(HELP);
    return 0;
  }
  if (values.schema === undefined) {
    io.stderr(`action-recall fill: --schema is required\n\n${HELP}`);
    return 2;
  }
  try {
    const options: FillSlotsOptions = {
      schema: await readJsonObject(values.schema, "--schema", io),
      ...(await readContext(values.context, io)),
    };
    if (values.data !== undefined) options.data = parseJsonObject(values.data, "--data");
    if (values.question !== undefined) options.question = values.question;
    if (values.language === "zh" || values.language === "en") options.language = values.language;
    const settings = llmSettingsFromEnv(env);
    if (settings !== undefined) options.llm = createLlmClient(settings);
    // Streamed line by line to standard output; with --output, written whole once the fill is done.
    const lines: string[] = [];
    const emit = values.output === undefined ? io.stdout : (line: string) => lines.push(line);
    for await (const chunk of fillSlots(options)) {
      if (chunk.type === "result") {
        const { slotData, remainingSchema, sources } = chunk;
        emit(`${JSON.stringify({ slotData, remainingSchema, sources })}\n`);
      } else {
        emit(`${JSON.stringify(chunk)}\n`);
      }
    }
    if (values.output !== undefined) await writeResult(lines.join(""), values.output, io);
    return 0;
  } catch (error) {
    if (!isActionRecallError(error)) throw error;
    io.stderr(`action-recall fill: ${error.code}: ${error.message}\n`);
    return 1;
  }
}

function parseFillArguments(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      schema: { type: "string" },
      data: { type: "string" },
      question: { type: "string" },
      context: { type: "string" },
      language: { type: "string" },
      output: { type: "string", short: "o" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  }).values;
}

async function readContext(file: string | undefined, io: CliIo): Promise<Partial<FillSlotsOptions>> {
  if (file === undefined) return {};
  const context = await readJsonObject(file, "--context", io);
  const options: Partial<FillSlotsOptions> = {};
  if (Array.isArray(context.history)) options.history = context.history.filter(isHistoryStep);
  if (typeof context.summary === "string") options.summary = context.summary;
  if (Array.isArray(context.facts)) options.facts = context.facts.filter((fact) => typeof fact === "string");
  if (isJsonObject(context.tool) && typeof context.tool.name === "string") {
    options.tool = { name: context.tool.name };
    if (typeof context.tool.description === "string") options.tool.description = context.tool.description;
  }
  return options;
}

function isHistoryStep(value: unknown): value is SlotHistoryStep {
  return isJsonObject(value) && typeof value.name === "string" && Object.hasOwn(value, "output");
}

async function readJsonObject(file: string, flag: string, io: CliIo): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = file === "-" ? await io.readStdin() : await readFile(file, "utf8");
  } catch (cause) {
    throw new ActionRecallError("INVALID_ARGUMENTS", `${flag}: cannot read ${file}`, {
      cause,
      data: { parameter: flag },
    });
  }
  return parseJsonObject(text, flag);
}

function parseJsonObject(text: string, flag: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new ActionRecallError("INVALID_ARGUMENTS", `${flag} is not JSON`, { cause, data: { parameter: flag } });
  }
  if (!isJsonObject(value)) {
    throw new ActionRecallError("INVALID_ARGUMENTS", `${flag} must be a JSON object`, { data: { parameter: flag } });
  }
  return value;
}
