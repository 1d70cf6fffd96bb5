import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runParseCommand } from "../../src/cli/parse-command.js";

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/tools/${name}`, import.meta.url));

/** Runs the command in-process with `stdin` as standard input; returns the exit code and what it wrote. */
async function run(argv: string[], stdin = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    readStdin: async () => stdin,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  };
  const code = await runParseCommand(argv, io);
  return { code, stdout, stderr };
}

const typedCall = {
  id: "call_0",
  name: "get_weather",
  arguments: { city: "0123", days: 5, metric: false },
  format: "xml",
};
const untypedCall = {
  id: "call_0",
  name: "get_weather",
  arguments: { city: "0123", days: "5", metric: "false" },
  format: "xml",
};
const hermesMisspelt = '<tool_call>{"name": "get_wether", "arguments": {"city": "Paris"}}</tool_call>';

describe("action-recall parse", () => {
  test.each<[string, string[], string, { calls: unknown[]; errors: unknown[] }]>([
    [
      "XML typed by anthropic tools",
      ["--tools", fixture("weather-tools.anthropic.json"), fixture("xml-output.txt")],
      "",
      { calls: [typedCall], errors: [] },
    ],
    [
      "XML typed by openai tools",
      ["--tools", fixture("weather-tools.openai.json"), fixture("xml-output.txt")],
      "",
      { calls: [typedCall], errors: [] },
    ],
    [
      "XML typed by a convert result of {tool, report} wrappers",
      ["--tools", fixture("weather-tools.convert-result.json"), fixture("xml-output.txt")],
      "",
      { calls: [typedCall], errors: [] },
    ],
    ["XML without tools keeps strings", [fixture("xml-output.txt")], "", { calls: [untypedCall], errors: [] }],
    [
      "stdin with -, an unknown tool reported with the closest name",
      ["--tools", fixture("weather-tools.openai.json"), "-"],
      hermesMisspelt,
      {
        calls: [{ id: "call_0", name: "get_wether", arguments: { city: "Paris" }, format: "hermes" }],
        errors: [
          {
            code: "UNKNOWN_TOOL",
            message: 'Unknown tool "get_wether"; did you mean "get_weather"?',
            callIndex: 0,
            name: "get_wether",
            suggestion: "get_weather",
          },
        ],
      },
    ],
    [
      "an OpenAI message saved as JSON, read from stdin by default",
      [],
      JSON.stringify({
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_9", type: "function", function: { name: "get_weather", arguments: '{"city": "Oslo"}' } },
        ],
      }),
      { calls: [{ id: "call_9", name: "get_weather", arguments: { city: "Oslo" }, format: "json" }], errors: [] },
    ],
    [
      "a call object a model wrote as its whole reply (Ollama's /v1), saved as JSON",
      ["--tools", fixture("weather-tools.openai.json")],
      '{"name": "get_weather", "arguments": {"city": "Oslo"}}\n',
      { calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Oslo" }, format: "json-text" }], errors: [] },
    ],
    [
      "--format hermes leaves XML as text",
      ["--format", "hermes", fixture("xml-output.txt")],
      "",
      { calls: [], errors: [] },
    ],
    [
      "--format xml leaves a Hermes call as text",
      ["--format", "xml", "--tools", fixture("weather-tools.openai.json")],
      hermesMisspelt,
      { calls: [], errors: [] },
    ],
  ])("%s", async (_name, argv, stdin, want) => {
    const { code, stdout, stderr } = await run(argv, stdin);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const printed = JSON.parse(stdout) as { calls: unknown[]; text: string; errors: unknown[] };
    expect(Object.keys(printed)).toEqual(["calls", "text", "errors"]);
    expect({ calls: printed.calls, errors: printed.errors }).toEqual(want);
  });

  test("the text around the calls is kept", async () => {
    const { stdout } = await run([fixture("xml-output.txt")]);
    expect((JSON.parse(stdout) as { text: string }).text).toContain("Let me check.");
  });

  test.each([
    ["an unknown format", ["--format", "yaml"], 'unknown format "yaml"'],
    ["an unknown option", ["--tool", "x.json"], "Unknown option '--tool'"],
    ["two inputs", ["a.txt", "b.txt"], "one input at most, got 2"],
  ])("refuses %s with exit code 2 and the usage", async (_name, argv, wantMessage) => {
    const { code, stdout, stderr } = await run(argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(wantMessage);
    expect(stderr).toContain("Usage: action-recall parse");
  });

  test("--help prints the usage and exits 0", async () => {
    const { code, stdout } = await run(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: action-recall parse");
  });

  test.each([
    ["a tools file that is not JSON", fixture("xml-output.txt"), { code: "INVALID_DOCUMENT" }],
    [
      "a tools file whose entry has no name",
      fixture("bad-tools.json"),
      { code: "INVALID_TOOL_DEFINITION", data: { pointer: "/1/name" } },
    ],
  ])("rejects %s with a typed error for the dispatcher to print", async (_name, toolsFile, want) => {
    await expect(run(["--tools", toolsFile, "-"], "hello")).rejects.toMatchObject(want);
  });
});
