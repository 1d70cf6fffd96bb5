import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runCli } from "../../src/cli/main.js";

const PETSTORE = fileURLToPath(new URL("../fixtures/dialects/petstore-openapi3.json", import.meta.url));
const WEATHER_SCHEMA = fileURLToPath(new URL("../../examples/weather-schema.json", import.meta.url));

async function run(argv: string[], stdin = "") {
  const io: CliIo & { out: string; err: string } = {
    out: "",
    err: "",
    readStdin: async () => stdin,
    stdout: (text) => {
      io.out += text;
    },
    stderr: (text) => {
      io.err += text;
    },
  };
  const code = await runCli(argv, io);
  return { code, out: io.out, err: io.err };
}

describe("action-recall -v / --version", () => {
  test.each([["-v"], ["--version"]])("%s prints the package's version", async (flag) => {
    expect(await run([flag])).toEqual({ code: 0, out: "0.1.0\n", err: "" });
  });

  test("the help names it", async () => {
    const { code, out } = await run(["--help"]);
    expect(code).toBe(0);
    expect(out).toContain("\n  -v, --version   print the version\n");
  });
});

describe("every command's help, in one style", () => {
  test.each(["convert", "parse", "fill", "serve", "mcp"])(
    '"help %s" and "%s --help" print the same text: usage, description, options, examples',
    async (command) => {
      const byHelp = await run(["help", command]);
      const byFlag = await run([command, "--help"]);
      expect(byHelp).toEqual(byFlag);
      expect(byHelp.code).toBe(0);
      const { out } = byHelp;
      expect(out).toMatch(new RegExp(`^Usage: action-recall ${command} `));
      expect(out).toMatch(/\n\nOptions:\n {2}--/);
      expect(out).toContain("\n  -h, --help ");
      expect(out).toMatch(new RegExp(`\\n\\nExamples:\\n {2}(.* )?action-recall ${command} `));
    },
  );

  test("help of an unknown command is a usage mistake (exit 2)", async () => {
    const { code, err } = await run(["help", "lint"]);
    expect(code).toBe(2);
    expect(err).toContain('action-recall: unknown command "lint"');
  });
});

describe("-o / --output", () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "action-recall-output-"));
    vi.stubEnv("OPENAI_BASE_URL", "");
    vi.stubEnv("OPENAI_API_KEY", "");
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(directory, { recursive: true, force: true });
  });

  test.each([
    {
      command: "convert",
      argv: (file: string) => ["convert", PETSTORE, "--operation", "addPet", "-o", file],
      stdin: "",
      want: '{\n  "type": "function",\n  "function": {\n    "name": "addPet",',
    },
    {
      command: "parse",
      argv: (file: string) => ["parse", "--output", file],
      stdin: '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
      want: '"name": "get_weather"',
    },
    {
      command: "fill",
      argv: (file: string) => ["fill", "--schema", WEATHER_SCHEMA, "--data", '{"city": "Hangzhou"}', "-o", file],
      stdin: "",
      want: '"slotData":{"city":"Hangzhou","unit":"celsius"}',
    },
  ])(
    "$command writes its result to the file, replacing what was there, and nothing to stdout",
    async ({ command, argv, stdin, want }) => {
      const file = join(directory, `${command}.json`);
      writeFileSync(file, "an older result that is longer than nothing");
      const { code, out, err } = await run(argv(file), stdin);
      expect({ code, out, err }).toEqual({ code: 0, out: "", err: "" });
      const written = readFileSync(file, "utf8");
      expect(written).toContain(want);
      expect(written).not.toContain("an older result");
      expect(readdirSync(directory).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    },
  );

  test.each(["convert", "parse"])(
    "%s: a file that cannot be written is INVALID_ARGUMENTS naming --output",
    async (command) => {
      const file = join(directory, "missing-directory", "out.json");
      const argv = command === "convert" ? ["convert", PETSTORE, "-o", file] : ["parse", "-o", file];
      const { code, out, err } = await run(argv, "plain text");
      expect({ code, out }).toEqual({ code: 1, out: "" });
      expect(err).toBe(
        `action-recall ${command}: INVALID_ARGUMENTS: --output: cannot write ${file}: ENOENT: no such file or directory (at --output)\n`,
      );
    },
  );
});
