import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { runCli } from "../src/cli/main.js";

// Every TypeScript example the README shows must run as pasted (with the package name pointing at src/).
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const examples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
const packageRoot = fileURLToPath(new URL("../src/index.ts", import.meta.url));

beforeEach(() => {
  // The slot-filling example reads the model settings from the environment: keep it on the deterministic phase.
  vi.stubEnv("OPENAI_BASE_URL", "");
  vi.stubEnv("OPENAI_API_KEY", "");
  vi.spyOn(console, "log").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

test("the README has TypeScript examples", () => {
  expect(examples.length).toBeGreaterThanOrEqual(3);
});

test.each(examples.map((code, index) => ({ index, code })))(
  "README example $index runs as pasted",
  async ({ code }) => {
    const directory = mkdtempSync(join(tmpdir(), "readme-example-"));
    const file = join(directory, "example.ts");
    writeFileSync(
      file,
      `${code.replaceAll('from "action-recall"', `from ${JSON.stringify(packageRoot)}`)}\nexport {};\n`,
    );
    try {
      await expect(import(file)).resolves.toBeDefined();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  },
);

// The MCP client config the README gives: valid JSON naming a command that exists and settings the command reads.
const jsonExamples = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");

test("the README's MCP client config starts action-recall mcp with settings it reads", async () => {
  const configs = jsonExamples.map((text) => JSON.parse(text) as { mcpServers?: Record<string, McpServerConfig> });
  const server = configs.find((config) => config.mcpServers !== undefined)?.mcpServers?.["action-recall"];
  expect(server).toMatchObject({ command: "npx", args: ["action-recall", "mcp"] });
  const { command, args, env } = server as McpServerConfig;
  expect(spawnSync(command, ["--version"]).status).toBe(0);
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  expect(Object.keys(manifest.bin)).toContain(args[0]);
  const written: string[] = [];
  const io = { readStdin: async () => "", stdout: (text: string) => written.push(text), stderr: () => undefined };
  expect(await runCli([args[1] as string, "--help"], io)).toBe(0);
  expect(written.join("")).toContain("Usage: action-recall mcp");
  const configuration = readFileSync(new URL("../docs/configuration.md", import.meta.url), "utf8");
  for (const setting of Object.keys(env)) expect(configuration).toContain(`\`${setting}\``);
});

interface McpServerConfig {
  command: string;
  args: string[];
  env: Record<string, string>;
}
