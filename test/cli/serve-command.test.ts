import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { openRawSocket, type RawSocket, slowBodyStart } from "../support/raw-socket.js";
import { ACTION_QUERY_PATH, startUpstreamServer, type UpstreamServer } from "../support/upstream-servers.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CATALOG_FILE = fileURLToPath(new URL("../fixtures/server/catalog/action-recall.yaml", import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 1_000;
/** Room for the process to notice the signal, close, and end: far less than any upstream timeout here. */
const MARGIN_MS = 3_000;

/** A service process: its own process group, so cleanup can end it and anything it started. */
interface ServiceProcess {
  child: ChildProcess;
  /** The URL the service printed once listening. */
  url: Promise<string>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

let spawned: ServiceProcess[] = [];
let sockets: RawSocket[] = [];
let upstream: UpstreamServer | undefined;
afterEach(async () => {
  for (const { child } of spawned) {
    try {
      process.kill(-(child.pid as number), "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  for (const raw of sockets) raw.socket.destroy();
  await upstream?.close();
  spawned = [];
  sockets = [];
  upstream = undefined;
});

function startService(command: string, args: string[], env: Record<string, string>): ServiceProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, PORT: "0", LOG_LEVEL: "warn", SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening?.[1] !== undefined) resolve(listening[1]);
    });
    child.once("exit", () => reject(new Error(`the service exited before listening:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const service = { child, url, exited };
  spawned.push(service);
  return service;
}

/** True while any process of the group led by `pid` is alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function open(url: string, first: string): Promise<RawSocket> {
  const raw = await openRawSocket(url, first);
  sockets.push(raw);
  return raw;
}

beforeAll(() => {
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore" });
}, 120_000);

describe("action-recall serve stops on a signal within SHUTDOWN_TIMEOUT_MS", () => {
  test.each(["SIGTERM", "SIGINT"] as const)(
    "%s with an MCP stream, a slow body and a request waiting on a hung upstream open",
    async (signal) => {
      upstream = await startUpstreamServer();
      upstream.route("POST", ACTION_QUERY_PATH, { hang: true });
      const service = startService("node", ["dist/cli/main.js", "serve"], {
        ONTOLOGY_QUERY_URL: upstream.url,
        OPERATOR_INTEGRATION_URL: upstream.url,
        UPSTREAM_TIMEOUT_MS: "60000",
      });
      const url = await within(service.url, 20_000, "listening");
      const stream = await open(url, "GET /mcp HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n\r\n");
      const slowBody = await open(url, slowBodyStart());
      const body = JSON.stringify({ unique_identity: { id: "1" } });
      const waiting = await open(
        url,
        `POST /api/action-recall/v1/knowledge-networks/kn/action-types/at HTTP/1.1\r\nhost: 127.0.0.1\r\n` +
          `x-account-id: a\r\nx-account-type: user\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      await expect.poll(() => stream.received()).toMatch(/^HTTP\/1\.1 200/);
      await expect.poll(() => upstream?.hits(ACTION_QUERY_PATH)).toBe(1);
      expect(slowBody.received()).toBe("");

      service.child.kill(signal);
      expect(await within(service.exited, SHUTDOWN_TIMEOUT_MS + MARGIN_MS, "exiting")).toBe(0);
      for (const raw of [stream, slowBody, waiting]) await within(raw.closed, MARGIN_MS, "the socket closing");
      expect(await refusesConnections(url)).toBe(true);
    },
    60_000,
  );

  test("npm start hands SIGTERM to node, which stops serving", async () => {
    const service = startService("npm", ["start"], { CATALOG_FILE });
    const url = await within(service.url, 60_000, "listening");
    const npm = service.child.pid as number;
    service.child.kill("SIGTERM");
    await within(service.exited, SHUTDOWN_TIMEOUT_MS + MARGIN_MS, "npm exiting");
    await expect.poll(() => groupAlive(npm), { timeout: MARGIN_MS }).toBe(false);
    expect(await refusesConnections(url)).toBe(true);
  }, 90_000);
});
