import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, test, vi } from "vitest";

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
