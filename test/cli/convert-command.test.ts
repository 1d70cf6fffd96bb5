import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runConvertCommand } from "../../src/cli/convert-command.js";
import { runCli } from "../../src/cli/main.js";

const PETSTORE = fileURLToPath(new URL("../fixtures/dialects/petstore-openapi3.json", import.meta.url));
const SWAGGER_PETSTORE = fileURLToPath(new URL("../fixtures/dialects/petstore-swagger2.json", import.meta.url));

/** A CliIo that records what a command writes and serves `stdin` as standard input. */
function fakeIo(stdin = ""): CliIo & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    readStdin: async () => stdin,
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
  };
  return io;
}

/** Runs `action-recall convert` as the CLI does: an input error is printed with its code, and the exit code is 1. */
async function runConvert(argv: string[]) {
  const io = fakeIo();
  const code = await runCli(["convert", ...argv], io);
  return { code, out: io.out, err: io.err };
}

async function convert(argv: string[], stdin?: string) {
  const io = fakeIo(stdin);
  const code = await runConvertCommand(argv, io);
  return { code, output: io.out === "" ? undefined : (JSON.parse(io.out) as unknown), err: io.err };
}

describe("action-recall convert", () => {
  test("prints one tool per operation, as an array, in the openai dialect by default", async () => {
    const { code, output } = await convert([PETSTORE]);
    expect(code).toBe(0);
    expect(
      (output as { type: string; function: { name: string } }[]).map((tool) => [tool.type, tool.function.name]),
    ).toEqual([
      ["function", "findPets"],
      ["function", "addPet"],
      ["function", "updatePetWithForm"],
      ["function", "uploadPhoto"],
    ]);
  });

  test.each([
    { given: ["--operation", "findPets", "--dialect", "anthropic"], want: { name: "findPets", key: "input_schema" } },
    { given: ["--operation", "GET /pets", "--dialect", "mcp"], want: { name: "findPets", key: "inputSchema" } },
    { given: ["--operation", "addPet", "--dialect", "gemini"], want: { name: "addPet", key: "parametersJsonSchema" } },
  ])("prints one tool with --operation $given", async ({ given, want }) => {
    const { code, output } = await convert([PETSTORE, ...given]);
    expect(code).toBe(0);
    expect(output).toMatchObject({ name: want.name });
    expect(Object.keys(output as object)).toContain(want.key);
  });

  test.each([
    { name: "no paths", given: { openapi: "3.1.0", info: { title: "t", version: "1" }, components: { schemas: {} } } },
    { name: "empty paths", given: { swagger: "2.0", info: { title: "t", version: "1" }, paths: {} } },
  ])("a document with $name prints an empty array and says on stderr that it has no operations", async ({ given }) => {
    const { code, output, err } = await convert(["-"], JSON.stringify(given));
    expect(code).toBe(0);
    expect(output).toEqual([]);
    expect(err).toBe("action-recall convert: standard input has no operations under its paths\n");
  });

  test("a document with operations says nothing on stderr", async () => {
    const { err } = await convert([PETSTORE]);
    expect(err).toBe("");
  });

  test("--report wraps the tool as {tool, report}", async () => {
    const { output } = await convert([PETSTORE, "--operation", "findPets", "--report"]);
    const { tool, report } = output as { tool: { function: { name: string } }; report: { size: { tokens: number } } };
    expect(tool.function.name).toBe("findPets");
    expect(report.size.tokens).toBeGreaterThan(0);
  });

  test("--fixed removes the fixed parameter from the schema", async () => {
    const { output } = await convert([PETSTORE, "--operation", "findPets", "--fixed", '{"limit": 5}']);
    const query = (output as { function: { parameters: { properties: { query: { properties: object } } } } }).function
      .parameters.properties.query;
    expect(Object.keys(query.properties)).not.toContain("limit");
    expect(Object.keys(query.properties)).toContain("tags");
  });

  test("reads - from standard input, and upgrades Swagger 2.0", async () => {
    const swagger = await import("node:fs/promises").then((fs) => fs.readFile(SWAGGER_PETSTORE, "utf8"));
    const { code, output } = await convert(["-", "--operation", "uploadPhoto"], swagger);
    expect(code).toBe(0);
    expect(output).toMatchObject({ type: "function", function: { name: "uploadPhoto" } });
  });

  test("an unknown operation exits 1 with a message naming the input and the operation", async () => {
    const io = fakeIo();
    const code = await runCli(["convert", PETSTORE, "--operation", "nope"], io);
    expect(code).toBe(1);
    expect(io.err).toContain("OPERATION_NOT_FOUND");
    expect(io.err).toContain(PETSTORE);
  });

  test("an unknown operation close to no id lists the nearest ids by edit distance", async () => {
    const { code, err } = await runConvert([PETSTORE, "--operation", "nope"]);
    expect(code).toBe(1);
    expect(err).toContain('No operation "nope"; none is close, the nearest of 4: "addPet", "findPets", "uploadPhoto"');
  });

  test.each([
    {
      name: "a misspelt name, with the closest suggested",
      given: ["--operation", "findPets", "--fixed", '{"statu": "sold"}'],
      want: '--fixed names "statu", not a parameter of operation findPets; did you mean "status"?',
    },
    {
      name: "a name no operation of the document has",
      given: ["--fixed", '{"tenant": "acme", "X-Trace": "t"}'],
      want: `--fixed names "tenant", not a parameter of any operation converted from ${PETSTORE}`,
    },
  ])("--fixed naming no parameter is UNKNOWN_PARAMETER naming it: $name", async ({ given, want }) => {
    const { code, out, err } = await runConvert([PETSTORE, ...given]);
    expect({ code, out }).toEqual({ code: 1, out: "" });
    expect(err).toContain(`UNKNOWN_PARAMETER: ${want}`);
  });

  test("--fixed naming a parameter some operations have is taken (X-Trace is uploadPhoto's only)", async () => {
    const { code, output } = await convert([PETSTORE, "--fixed", '{"X-Trace": "t"}', "--report"]);
    expect(code).toBe(0);
    expect((output as Array<{ tool: { function: { name: string } } }>).length).toBe(4);
  });

  test.each([
    { name: "a missing file", given: ["/nonexistent/spec.json"], want: { code: 1, err: "/nonexistent/spec.json" } },
    { name: "an unknown dialect", given: [PETSTORE, "--dialect", "cohere"], want: { code: 2, err: "--dialect" } },
    { name: "a bad --max-depth", given: [PETSTORE, "--max-depth", "deep"], want: { code: 2, err: "--max-depth" } },
    ...["", " ", "0x2", "1e0", "2.0", "+2", " 2"].map((value) => ({
      name: `--max-depth "${value}"`,
      given: [PETSTORE, "--max-depth", value],
      want: { code: 2, err: `--max-depth must be an integer >= 0, not "${value}"` },
    })),
    {
      name: '--max-tokens " 9e3 "',
      given: [PETSTORE, "--max-tokens", " 9e3 "],
      want: { code: 2, err: '--max-tokens must be an integer >= 1, not " 9e3 "' },
    },
    { name: "--max-tokens 0", given: [PETSTORE, "--max-tokens", "0"], want: { code: 2, err: "--max-tokens" } },
    { name: "bad --fixed JSON", given: [PETSTORE, "--fixed", "{"], want: { code: 2, err: "--fixed" } },
    { name: "no file", given: [], want: { code: 2, err: "missing <file|url|->" } },
  ])("refuses $name with a message", async ({ given, want }) => {
    const { code, err } = await convert(given);
    expect(code).toBe(want.code);
    expect(err).toContain(want.err);
  });

  test("--max-depth and --max-tokens take counts written in digits", async () => {
    const { code } = await convert([PETSTORE, "--max-depth", "0", "--max-tokens", "08000"]);
    expect(code).toBe(0);
  });

  test("invalid input exits non-zero with a message naming the input and the problem", async () => {
    const io = fakeIo("{ not json");
    const code = await runCli(["convert", "-"], io);
    expect(code).toBe(1);
    expect(io.err).toContain("standard input");
  });
});

describe("action-recall convert --external-refs", () => {
  const specs = fileURLToPath(new URL("../fixtures/cli/external-refs/specs", import.meta.url));

  test("refs to other files are refused by default, naming the ref", async () => {
    const { code, output } = await convert([`${specs}/main.yaml`, "--operation", "addPet"]);
    expect(code).toBe(1);
    expect(output).toMatchObject({
      operation: "addPet",
      error: { code: "EXTERNAL_REF_REFUSED", message: expect.stringContaining("./common.yaml#/Pet") },
    });
  });

  test("with a base directory, refs to files inside it are bundled and expanded", async () => {
    const { code, output } = await convert([`${specs}/main.yaml`, "--operation", "addPet", "--external-refs", specs]);
    expect(code).toBe(0);
    expect(output).toMatchObject({
      function: {
        parameters: {
          properties: {
            body: {
              properties: { name: { type: "string", description: "The pet's name" } },
              required: ["name"],
            },
          },
        },
      },
    });
  });

  test("a path item in another file is refused by default, with the flag that reads it, and read with it", async () => {
    const io = fakeIo();
    expect(await runCli(["convert", `${specs}/split.yaml`], io)).toBe(1);
    expect(io.err).toContain("EXTERNAL_REF_REFUSED: ");
    expect(io.err).toContain('"./paths/pets.yaml"');
    expect(io.err).toContain("--external-refs <dir> reads the files inside <dir>");
    const read = await convert([`${specs}/split.yaml`, "--external-refs", specs]);
    expect(read.code).toBe(0);
    expect(read.output).toMatchObject([
      {
        function: {
          name: "listPets",
          parameters: { properties: { query: { properties: { limit: { maximum: 100 } } } } },
        },
      },
    ]);
  });

  test.each([
    { name: "a file outside the base directory", file: "escape.yaml", want: "secret.yaml" },
    { name: "a URL (nothing is fetched)", file: "url.yaml", want: "https://example.com/pet.yaml" },
  ])("$name is refused", async ({ file, want }) => {
    const { code, err } = await runConvert([`${specs}/${file}`, "--external-refs", specs]);
    expect(code).toBe(1);
    expect(err).toContain("EXTERNAL_REF_REFUSED: ");
    expect(err).toContain("only files inside it are read");
    expect(err).toContain(want);
  });

  test("standard input cannot use external refs: they are relative to a file", async () => {
    const { code, err } = await convert(["-", "--external-refs", specs], "{}");
    expect(code).toBe(2);
    expect(err).toContain("--external-refs needs a file");
  });
});

describe("action-recall convert --external-refs reads files as loadDocument reads text, and only inside the directory", () => {
  let directory = "";
  const write = (name: string, text: string): string => {
    const path = join(directory, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    return path;
  };
  const withBody = (schema: string) =>
    `{"openapi": "3.0.0", "info": {"title": "x", "version": "1"}, "paths": {"/a": {"post": {"operationId": "a", "responses": {}, "requestBody": {"content": {"application/json": {"schema": ${schema}}}}}}}}`;
  /** `{"properties": {"a": ... {} ...}}`, `levels` times: two levels of nesting each. */
  const nested = (levels: number) => `${'{"properties": {"a": '.repeat(levels)}{}${"}}".repeat(levels)}`;

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "action-recall-external-refs-"));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  test("a symlink in the directory to a file outside it is refused (a link counts where it points); one to a file inside is read", async ({
    skip,
  }) => {
    const specs = join(directory, "top/specs");
    write("top/secret.yaml", "Secret: {type: string, description: SECRET-TEXT}\n");
    write("top/specs/pet.yaml", "Pet: {type: string, description: inside}\n");
    try {
      symlinkSync(join(directory, "top/secret.yaml"), join(specs, "link.yaml"));
      symlinkSync("pet.yaml", join(specs, "alias.yaml"));
    } catch (error) {
      // Windows makes symlinks only with developer mode or as an administrator; Linux always may.
      if ((error as NodeJS.ErrnoException).code === "EPERM") return skip();
      throw error;
    }
    const outside = await runConvert([
      write("top/specs/sym.json", withBody('{"$ref": "link.yaml#/Secret"}')),
      "--external-refs",
      specs,
    ]);
    expect(outside.code).toBe(1);
    expect(outside.err).toContain(`EXTERNAL_REF_REFUSED: `);
    expect(outside.err).toContain(`"${join(specs, "link.yaml")}"`);
    expect(outside.out + outside.err).not.toContain("SECRET-TEXT");
    const inside = await runConvert([
      write("top/specs/alias.json", withBody('{"$ref": "alias.yaml#/Pet"}')),
      "--external-refs",
      specs,
    ]);
    expect(inside.code).toBe(0);
    expect(inside.out).toContain('"description": "inside"');
  });

  test.each([
    { name: "10,000 levels of schemas", schema: nested(5000), below: "schema/properties/a/properties/a/" },
    {
      name: "a default 10,000 levels deep",
      schema: `{"type": "array", "default": ${"[".repeat(10000)}${"]".repeat(10000)}}`,
      below: "schema/default/0/0/",
    },
  ])(
    "$name is SCHEMA_TOO_DEEP at its pointer, as without the flag, not a stack overflow",
    async ({ schema, below }) => {
      const file = write("deep/spec.json", withBody(schema));
      const { code, err } = await runConvert([file, "--external-refs", dirname(file)]);
      expect(code).toBe(1);
      expect(err).toContain(
        `SCHEMA_TOO_DEEP: ${file}: The document nests deeper than 1000 levels below #/paths/~1a/post/requestBody/content/application~1json/${below}`,
      );
    },
  );

  test("a file it refers to that nests too deep is SCHEMA_TOO_DEEP naming that file", async () => {
    const deep = write("deep-ref/deep.json", `{"Deep": ${nested(5000)}}`);
    const file = write("deep-ref/spec.json", withBody('{"$ref": "deep.json#/Deep"}'));
    const { code, err } = await runConvert([file, "--external-refs", dirname(file)]);
    expect(code).toBe(1);
    expect(err).toContain(
      `SCHEMA_TOO_DEEP: ${deep}: The document nests deeper than 1000 levels below #/Deep/properties/a/`,
    );
  });

  test("files each under the nesting limit whose bundle is over it are SCHEMA_TOO_DEEP", async () => {
    // 7 levels down to the schema and 600 in it, then 601 in the other file.
    write("deep-bundle/b.json", `{"B": ${nested(300)}}`);
    const file = write("deep-bundle/spec.json", withBody(nested(300).replace("{}", '{"$ref": "b.json#/B"}')));
    const { code, err } = await runConvert([file, "--external-refs", dirname(file)]);
    expect(code).toBe(1);
    expect(err).toContain(`SCHEMA_TOO_DEEP: ${file}: The document nests deeper than 1000 levels`);
  });

  test("a chain of 10,000 $refs is SCHEMA_TOO_DEEP, not EXTERNAL_REF_REFUSED 'Maximum call stack size exceeded'", async () => {
    const schemas = Array.from({ length: 10000 }, (_, index) =>
      index === 9999
        ? `"S${index}": {"type": "string"}`
        : `"S${index}": {"type": "object", "properties": {"a": {"$ref": "#/components/schemas/S${index + 1}"}}}`,
    );
    const file = write(
      "chain/spec.json",
      withBody('{"$ref": "#/components/schemas/S0"}').replace(
        /}$/,
        `, "components": {"schemas": {${schemas.join(", ")}}}}`,
      ),
    );
    const { code, err } = await runConvert([file, "--external-refs", dirname(file)]);
    expect(code).toBe(1);
    expect(err).toContain(`SCHEMA_TOO_DEEP: External $refs of ${file} could not be bundled: its $refs lead too deep`);
  });

  test("a YAML alias bomb is refused as loadDocument refuses it, not expanded until the heap is full", async () => {
    const anchors = Array.from(
      { length: 9 },
      (_, index) => `x-a${index + 1}: &a${index + 1} [${Array(10).fill(`*a${index}`).join(", ")}]`,
    );
    const file = write(
      "bomb/spec.yaml",
      [
        "openapi: 3.0.0",
        "info: {title: x, version: '1'}",
        `x-a0: &a0 [${Array(10).fill("lol").join(", ")}]`,
        ...anchors,
        "paths:",
        "  /a:",
        "    get:",
        "      operationId: a",
        "      responses: {}",
        "      parameters: [{name: q, in: query, schema: {type: string, enum: *a9}}]",
      ].join("\n"),
    );
    const { code, err } = await runConvert([file, "--external-refs", dirname(file)]);
    expect(code).toBe(1);
    expect(err).toContain(
      `INVALID_DOCUMENT: ${file}: Invalid YAML: Excessive alias count indicates a resource exhaustion attack`,
    );
  });
});
