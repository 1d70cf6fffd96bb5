import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { CALL_BLOCK_FAMILIES } from "../../src/calls/formats/index.js";

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
];

describe("the calls module's layout", () => {
  test("the table lists each family of a call block by name", () => {
    expect(Object.keys(CALL_BLOCK_FAMILIES)).toEqual([
      "gemma",
      "lfm",
      "olmo",
      "cohere",
      "command-r-plus",
      "internlm",
      "apertus",
      "minimax-m3",
      "functionary",
    ]);
  });

  test("no file outside calls/formats/ names a family of the table", () => {
    expect(namings(TABLE_FAMILY_WORDS)).toEqual({});
  });

  test("the families not in the table yet are named only where they were: the list only shrinks", () => {
    // Their readers are still spread over the engine. Moving one into formats/ removes its words here.
    const words = [
      "hermes",
      "qwen",
      "glm",
      "kimi",
      "deepseek",
      "harmony",
      "gpt-oss",
      "mistral",
      "magistral",
      "llama",
      "hunyuan",
      "step3",
      "steptml",
      "granite",
      "gigachat",
      "nemotron",
      "longcat",
      "minicpm",
      "jamba",
      "phi-4",
      "dots.llm",
      "seed:",
    ];
    expect(namings(words)).toEqual({
      "calls/create-tool-call-stream.ts": ["hermes", "deepseek"],
      "calls/engine/block-call-announcer.ts": ["qwen", "glm"],
      "calls/engine/body-call-announcers.ts": ["harmony"],
      "calls/engine/build-call-objects.ts": ["nemotron"],
      "calls/engine/build-json-call.ts": ["harmony", "gpt-oss"],
      "calls/engine/build-xml-call.ts": ["hermes", "qwen", "glm", "deepseek"],
      "calls/engine/call-ids.ts": ["kimi"],
      "calls/engine/closers-in-values.ts": ["hermes", "qwen", "llama"],
      "calls/engine/json-call-objects.ts": ["hermes", "qwen", "mistral", "llama"],
      "calls/engine/json-run-reader.ts": ["hermes", "qwen", "mistral", "llama", "granite", "gigachat", "phi-4"],
      "calls/engine/open-body.ts": ["hermes", "qwen", "glm", "harmony", "minicpm", "seed:"],
      "calls/engine/parameter-value-scanner.ts": ["deepseek", "steptml"],
      "calls/engine/prose-marker.ts": ["mistral", "magistral"],
      "calls/engine/prose-tag.ts": ["hunyuan"],
      "calls/engine/raw-body-reader.ts": [
        "hermes",
        "qwen",
        "glm",
        "kimi",
        "deepseek",
        "harmony",
        "step3",
        "granite",
        "longcat",
      ],
      "calls/engine/read-pythonic-calls.ts": ["llama"],
      "calls/engine/read-reply-start-calls.ts": ["qwen", "llama"],
      "calls/engine/scan-function-tag-calls.ts": ["hermes", "qwen", "llama", "step3", "steptml", "minicpm"],
      "calls/engine/scanned-tool-call-body.ts": ["llama"],
      "calls/engine/section-call-announcer.ts": ["kimi", "deepseek"],
      "calls/engine/tag-openers.ts": ["hermes", "qwen", "kimi", "deepseek", "harmony", "hunyuan", "steptml", "minicpm"],
      "calls/engine/tagged-body-reader.ts": ["qwen"],
      "calls/engine/token-header.ts": ["kimi", "harmony"],
      "calls/engine/tool-call-body-opening.ts": ["hermes", "qwen", "glm", "llama", "hunyuan", "jamba"],
      "calls/engine/tool-call-scanner.ts": [
        "kimi",
        "deepseek",
        "harmony",
        "gpt-oss",
        "mistral",
        "magistral",
        "gigachat",
        "phi-4",
      ],
      "calls/engine/xml-block-reader.ts": ["deepseek", "steptml"],
      "calls/engine/xml-characters.ts": ["kimi", "deepseek", "steptml"],
      "calls/index.ts": ["hermes"],
      "calls/parse-tool-calls.ts": ["harmony", "mistral", "llama"],
      "calls/render-tool-prompt.ts": ["hermes", "qwen"],
      "calls/tool-call-stream-event.ts": ["hermes", "qwen"],
      "llm/llm-client.ts": ["qwen"],
    });
  });
});
