import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { FORMAT_FAMILIES } from "../../src/calls/formats/index.js";

// The parser is an engine that names no model family, and one file per family under src/calls/formats/ listed in the
// table (formats/index.ts). These tests read the source text of every other file under src/ for the words and markers
// that name a family.

const SOURCE = new URL("../../src/", import.meta.url);

/** The source files under src/ outside calls/formats/, by path from src/, each with its text in lower case. */
function sourcesOutsideFormats(): Array<[path: string, text: string]> {
  return readdirSync(SOURCE, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts") && !path.startsWith("calls/formats/"))
    .sort()
    .map((path) => [path, readFileSync(new URL(path, SOURCE), "utf8").toLowerCase()]);
}

/** Which of `words` each file outside calls/formats/ holds, for the files that hold any. */
function namings(words: readonly string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [path, text] of sourcesOutsideFormats()) {
    const named = words.filter((word) => wordPattern(word).test(text));
    if (named.length > 0) found[path] = named;
  }
  return found;
}

/** A word found at the start of a word (`llama`, not the `llama` in `Ollama`), or a marker found anywhere. */
function wordPattern(word: string): RegExp {
  const escaped = word.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(/^[a-z]/.test(escaped) ? `\\b${escaped}` : escaped);
}

/** The words and markers naming the families of the table: their names, and the tokens only they write. */
const TABLE_FAMILY_WORDS = [
  "gemma",
  "lfm",
  "olmo",
  "internlm",
  "apertus",
  "minimax m3",
  "]<]minimax[>[",
  "command r7b",
  "command r+",
  "functionary",
  "meetkai",
  "directly_answer",
  "start_action",
  "tool_call_start",
  "tools_prefix",
  "action_start",
  "start_function_call",
  "dots_function_call",
];

/**
 * The words naming the families read by the engine directly (`formats/hermes.ts`, `xml-blocks.ts`) or through the table's other kinds of entry: the
 * `<tool_call>` family (its JSON, its function tags and their kin) and the models that write it, the sections of
 * special tokens and the names of `<function_calls>` blocks, the headers of special tokens (Harmony's, Kimi K3's),
 * Mistral's marker, and the JSON and pythonic calls a reply starts with and the models' words and wrappers before them.
 */
const OTHER_FAMILY_WORDS = [
  ...["hermes", "qwen", "glm", "hunyuan", "jamba", "nemotron", "longcat", "minicpm", "seed:"],
  ...["kimi", "deepseek", "step3", "steptml", "dots.llm", "k2 horizon", "k2-horizon", "ifm|", "harmony", "gpt-oss"],
  ...["mistral", "magistral", "llama", "granite", "gigachat", "phi-4"],
];

describe("the calls module's layout", () => {
  test("the table lists each family the engine reads through a kind of entry, by name", () => {
    expect(Object.keys(FORMAT_FAMILIES)).toEqual([
      "kimi",
      "deepseek",
      "step3",
      "k2-horizon",
      "harmony",
      "mistral",
      "json-text",
      "gemma",
      "lfm",
      "olmo",
      "cohere",
      "command-r-plus",
      "internlm",
      "apertus",
      "minimax-m3",
      "functionary",
      "dots",
    ]);
  });

  test("each file under calls/formats/ is a family of the table, or one the engine reads directly", () => {
    const files = readdirSync(new URL("calls/formats/", SOURCE)).map((file) => file.replace(/\.ts$/, ""));
    // The table, the public names of the formats, the reasoning blocks of every family; the `<tool_call>` family and
    // the tags its blocks may hold, the `<function_calls>` blocks' names, and pythonic calls.
    const shared = ["index", "names", "reasoning"];
    const readDirectly = ["hermes", "qwen3-coder", "glm", "hunyuan"];
    const alsoDirect = ["minicpm", "xml-blocks", "pythonic"];
    expect(files.sort()).toEqual([...shared, ...readDirectly, ...alsoDirect, ...Object.keys(FORMAT_FAMILIES)].sort());
  });

  test("the engine reads calls/formats/ only through its table, formats/index.ts", () => {
    const importsPastTheTable = sourcesOutsideFormats()
      .filter(([path]) => path.startsWith("calls/"))
      .flatMap(([path, text]) =>
        [...text.matchAll(/from "(?:\.\.?\/)+(?:calls\/)?formats\/([^"]+)"/g)]
          .map((found) => found[1])
          .filter((file) => file !== "index.js" && file !== "names.js")
          .map((file) => `${path} imports formats/${file}`),
      );
    expect(importsPastTheTable).toEqual([]);
  });

  test("no file outside calls/formats/ names a family of the table", () => {
    expect(namings(TABLE_FAMILY_WORDS)).toEqual({});
  });

  test("no file outside calls/formats/ names any other family", () => {
    expect(namings(OTHER_FAMILY_WORDS)).toEqual({});
  });
});
