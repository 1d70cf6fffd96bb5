import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

// The package as its users get it: `npm pack` in a clone without dist/ (prepack builds it), the tarball installed into
// an empty project from the registry, then imported from TypeScript and JavaScript and run as a CLI. Slow: a build and
// an install.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);
/** Packing builds, and installing fetches the dependencies: minutes on a busy machine. */
const SETUP_TIMEOUT_MS = 600_000;
const COMMAND_TIMEOUT_MS = 60_000;

interface Manifest {
  main: string;
  types: string;
  bin: Record<string, string>;
  exports: Record<string, { types: string; default: string }>;
}

const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Manifest;
/** `action-recall`, `action-recall/schema`, ...: every specifier the exports map offers. */
const SPECIFIERS = Object.keys(manifest.exports).map((key) =>
  key === "." ? "action-recall" : `action-recall${key.slice(1)}`,
);

let workspace: string;
/** The files the tarball holds, by path inside the package. */
let packed: string[];
/** The empty project the tarball is installed into. */
let project: string;

/** Top-level entries of the repository a fresh clone does not have. */
const NOT_IN_A_CLONE = new Set(["node_modules", "dist", "dist-bench", "coverage", ".git"]);

beforeAll(async () => {
  workspace = mkdtempSync(join(tmpdir(), "action-recall-packed-"));
  // A fresh clone: the sources without dist/, with the dependencies already installed. A stale file in dist/ shows
  // whether the build starts from an empty dist/.
  const clone = join(workspace, "clone");
  cpSync(ROOT, clone, {
    recursive: true,
    filter: (source) => !NOT_IN_A_CLONE.has(relative(ROOT, source).split(/[\\/]/)[0] ?? ""),
  });
  symlinkSync(join(ROOT, "node_modules"), join(clone, "node_modules"), "dir");
  mkdirSync(join(clone, "dist"));
  writeFileSync(join(clone, "dist", "removed-module.js"), "export {};\n");
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", workspace], {
    cwd: clone,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [tarball] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (tarball === undefined) throw new Error(`npm pack printed no tarball: ${stdout}`);
  packed = tarball.files.map((file) => file.path);

  project = join(workspace, "project");
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "uses-action-recall", private: true, type: "module" }),
  );
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", join(workspace, tarball.filename)], {
    cwd: project,
  });
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  if (workspace !== undefined) await rm(workspace, { recursive: true, force: true });
}, SETUP_TIMEOUT_MS);

/**
 * How to start the installed CLI from the project, in the shape of the MCP SDK's `StdioServerParameters`: a stdio
 * command (`action-recall mcp`) starts from it with `new StdioClientTransport(installedCli("mcp", env))`.
 */
function installedCli(
  args: string[],
  env: Record<string, string> = {},
): { command: string; args: string[]; cwd: string; env: Record<string, string> } {
  return {
    command: join(project, "node_modules", ".bin", "action-recall"),
    args,
    cwd: project,
    env: { ...(process.env as Record<string, string>), LOG_LEVEL: "warn", ...env },
  };
}

/** Runs the installed CLI to its end, `input` on its standard input; its standard output. */
async function runInstalledCli(args: string[], input = ""): Promise<string> {
  const cli = installedCli(args);
  const child = spawn(cli.command, cli.args, { cwd: cli.cwd, env: cli.env, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  child.stdin.end(input);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`action-recall ${args.join(" ")} exited ${code}:\n${stderr}`);
  return stdout;
}

describe("the tarball npm pack makes in a fresh clone", () => {
  test("holds the built code: main, bin, types and every subpath export", () => {
    const entries = [
      manifest.main,
      manifest.types,
      ...Object.values(manifest.bin),
      ...Object.values(manifest.exports).flatMap((entry) => [entry.types, entry.default]),
    ].map((path) => path.replace(/^\.\//, ""));
    expect(entries).toContain("dist/cli/main.js");
    expect(entries).toContain("dist/server/index.d.ts");
    expect(packed).toEqual(expect.arrayContaining(entries));
  });

  test("holds the LICENSE, the README, the docs it links to and the example catalog", () => {
    expect(packed).toEqual(
      expect.arrayContaining([
        "LICENSE",
        "README.md",
        "docs/configuration.md",
        "examples/action-recall.yaml",
        "examples/orders-api.yaml",
      ]),
    );
  });

  test("holds no source maps, no tests, and nothing a previous build left in dist/", () => {
    expect(packed.filter((path) => path.endsWith(".map"))).toEqual([]);
    expect(packed.filter((path) => path.startsWith("test/") || path.startsWith("src/"))).toEqual([]);
    expect(packed).not.toContain("dist/removed-module.js");
  });
});

describe("the package installed into an empty project", () => {
  test("every export imports from TypeScript (module nodenext), with its types", async () => {
    const lines = SPECIFIERS.map((specifier, index) => `import * as module${index} from "${specifier}";`);
    lines.push(
      'import { convertOperations, type ConvertOptions } from "action-recall";',
      'import type { ServiceConfig } from "action-recall/server";',
      'const options: ConvertOptions = { dialect: "openai" };',
      'const port: ServiceConfig["port"] = 8080;',
      `export const loaded: number[] = [${SPECIFIERS.map((_specifier, index) => `Object.keys(module${index}).length`).join(", ")}];`,
      'export const converted = convertOperations(\'{"openapi": "3.0.3", "paths": {}}\', options).tools.length + port;',
    );
    writeFileSync(join(project, "check.ts"), `${lines.join("\n")}\n`);
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "ES2022",
          strict: true,
          noEmit: true,
          types: ["node"],
          typeRoots: [join(ROOT, "node_modules", "@types")],
          skipLibCheck: true,
        },
        files: ["check.ts"],
      }),
    );
    const tsc = join(ROOT, "node_modules", ".bin", "tsc");
    const compiled = await run(tsc, ["-p", "tsconfig.json"], { cwd: project }).catch(
      (error: { stdout?: string }) => error,
    );
    expect("stdout" in compiled ? compiled.stdout : "").toBe("");
  });

  test("every export imports from JavaScript and offers names", async () => {
    const script = `
      const specifiers = ${JSON.stringify(SPECIFIERS)};
      const counts = {};
      for (const specifier of specifiers) counts[specifier] = Object.keys(await import(specifier)).length;
      console.log(JSON.stringify(counts));
    `;
    writeFileSync(join(project, "check.mjs"), script);
    const { stdout } = await run("node", ["check.mjs"], { cwd: project });
    const counts = JSON.parse(stdout) as Record<string, number>;
    expect(Object.keys(counts)).toEqual(SPECIFIERS);
    expect(Object.entries(counts).filter(([, count]) => count === 0)).toEqual([]);
  });

  test(
    "the CLI converts the example orders API's getOrder",
    async () => {
      const tool = JSON.parse(
        await runInstalledCli([
          "convert",
          "node_modules/action-recall/examples/orders-api.yaml",
          "--operation",
          "getOrder",
          "--dialect",
          "openai",
        ]),
      );
      expect(tool).toMatchObject({ type: "function", function: { name: "getOrder" } });
    },
    COMMAND_TIMEOUT_MS,
  );

  test(
    "the CLI parses an XML call against the example weather tools",
    async () => {
      const output = await runInstalledCli(
        ["parse", "--tools", "node_modules/action-recall/examples/weather-tools.json"],
        '<function_calls><invoke name="get_weather"><parameter name="city">Hangzhou</parameter>' +
          '<parameter name="days">3</parameter></invoke></function_calls>',
      );
      expect(JSON.parse(output)).toEqual({
        calls: [{ id: "call_0", name: "get_weather", arguments: { city: "Hangzhou", days: 3 }, format: "xml" }],
        text: "",
        errors: [],
      });
    },
    COMMAND_TIMEOUT_MS,
  );

  test(
    "serve starts from the project folder on the package's example catalog, answers /healthz, and stops on SIGTERM",
    async () => {
      const cli = installedCli(["serve"], { PORT: "0", EXAMPLE_API_PORT: "0" });
      const child: ChildProcess = spawn(cli.command, cli.args, {
        cwd: cli.cwd,
        env: cli.env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      try {
        let output = "";
        const listening = new Promise<string>((resolve, reject) => {
          child.stdout?.on("data", (chunk: Buffer) => {
            output += chunk.toString("utf8");
            const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
            if (url !== undefined && output.includes("example orders API on")) resolve(url);
          });
          child.stderr?.on("data", (chunk: Buffer) => {
            output += chunk.toString("utf8");
          });
          child.once("exit", () => reject(new Error(`serve exited before listening:\n${output}`)));
        });
        const url = await listening;
        expect(output).toContain(
          `actions from the catalog ${join(project, "node_modules", "action-recall", "examples", "action-recall.yaml")}`,
        );
        const health = await fetch(new URL("/healthz", url));
        expect(health.status).toBe(200);

        const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        expect(await exited).toBe(0);
      } finally {
        child.kill("SIGKILL");
      }
    },
    COMMAND_TIMEOUT_MS,
  );

  test(
    "mcp over stdio starts from the project folder on the package's example catalog, and lists and calls its tools",
    async () => {
      const transport = new StdioClientTransport({
        ...installedCli(["mcp"], {
          EXAMPLE_API_PORT: "0",
          ACTION_RECALL_ACCOUNT_ID: "u1",
          ACTION_RECALL_ACCOUNT_TYPE: "user",
        }),
        stderr: "pipe",
      });
      const client = new Client({ name: "packed-install", version: "1.0.0" });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(["getOrder", "addOrderNote", "listOrders"]);
        const result = await client.callTool({ name: "getOrder", arguments: { order_id: "ord_1001" } });
        expect(result.structuredContent).toMatchObject({ success: true, output: { body: { id: "ord_1001" } } });
      } finally {
        // Closing the client closes the command's input, which ends it.
        await client.close();
      }
    },
    COMMAND_TIMEOUT_MS,
  );
});
