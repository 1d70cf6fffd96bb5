import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runFillCommand } from "../../src/cli/fill-command.js";
import { type OpenAiTestServer, startOpenAiServer } from "../support/openai-server.js";

const schema = {
  type: "object",
  properties: { city: { type: "string" }, unit: { type: "string", default: "celsius" } },
  required: ["city"],
};

let directory = "";
let server: OpenAiTestServer | undefined;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "fill-command-"));
  await writeFile(join(directory, "schema.json"), JSON.stringify(schema));
  await writeFile(
    join(directory, "context.json"),
    JSON.stringify({ history: [{ name: "locate", output: { city: "Hangzhou" } }], summary: "weather" }),
  );
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(directory, { recursive: true, force: true });
});

function capture(stdin = ""): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { readStdin: async () => stdin, stdout: (text) => out.push(text), stderr: (text) => err.push(text) },
    out,
    err,
  };
}

function lines(out: string[]): unknown[] {
  return out
    .join("")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
}

describe("action-recall fill", () => {
  test.each([
    {
      name: "no model: only the deterministic phase, the remaining schema printed",
      argv: (dir: string) => ["--schema", join(dir, "schema.json")],
      want: {
        slotData: { unit: "celsius" },
        remainingSchema: { type: "object", properties: { "/city": { type: "string" } }, required: ["/city"] },
        sources: { "/unit": "default" },
      },
    },
    {
      name: "no model, with --context: the city comes from an earlier step",
      argv: (dir: string) => ["--schema", join(dir, "schema.json"), "--context", join(dir, "context.json")],
      want: {
        slotData: { city: "Hangzhou", unit: "celsius" },
        remainingSchema: {},
        sources: { "/city": "context:/0/output/city", "/unit": "default" },
      },
    },
    {
      name: "--data is kept and --schema - reads standard input",
      argv: () => ["--schema", "-", "--data", '{"city": "Paris"}'],
      want: {
        slotData: { city: "Paris", unit: "celsius" },
        remainingSchema: {},
        sources: { "/city": "data", "/unit": "default" },
      },
    },
  ])("$name", async ({ argv, want }) => {
    const { io, out } = capture(JSON.stringify(schema));
    expect(await runFillCommand(argv(directory), io, {})).toBe(0);
    expect(lines(out)).toEqual([want]);
  });

  test("with a model configured, text chunks stream as NDJSON before the result line", async () => {
    server = await startOpenAiServer([{ kind: "text", content: "", chunks: ['{"city": ', '"Hangzhou"}'] }]);
    const { io, out } = capture();
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: "k", OPENAI_MODEL: "m" };
    expect(await runFillCommand(["--schema", join(directory, "schema.json"), "--question", "Weather?"], io, env)).toBe(
      0,
    );
    expect(lines(out)).toEqual([
      { type: "text", delta: '{"city": ' },
      { type: "text", delta: '"Hangzhou"}' },
      {
        slotData: { unit: "celsius", city: "Hangzhou" },
        remainingSchema: {},
        sources: { "/unit": "default", "/city": "llm:phase1" },
      },
    ]);
    expect(server.requests[0]?.body.model).toBe("m");
  });

  test.each([
    { name: "no --schema", argv: [], code: 2, message: "Usage: action-recall fill" },
    { name: "an unknown flag", argv: ["--schema", "x", "--bogus"], code: 2, message: "Usage: action-recall fill" },
    {
      name: "an unreadable schema file",
      argv: ["--schema", "/nonexistent/schema.json"],
      code: 1,
      message: "INVALID_ARGUMENTS",
    },
    {
      name: "--data that is not JSON",
      argv: ["--schema", "-", "--data", "{oops"],
      code: 1,
      message: "--data is not JSON",
    },
  ])("$name exits $code", async ({ argv, code, message }) => {
    const { io, err } = capture(JSON.stringify(schema));
    expect(await runFillCommand(argv, io, {})).toBe(code);
    expect(err.join("")).toContain(message);
  });
});
