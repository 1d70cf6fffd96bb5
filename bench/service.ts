// The service's recall throughput and latency with a warm tool cache, against loopback stand-ins of ontology-query and
// the tool box (in this process, so the service's thread also pays for them: conservative); the baseline is the same
// load straight at the loopback ontology-query, which every recall calls once. Then what each authentication mode
// adds to a recall, and an execution by reference (a recall again, as the caller, then the proxy call).
// Bounded: a few seconds per measurement, 127.0.0.1 only.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { Agent, request } from "undici";
import { buildServer } from "../src/server/build-server.js";
import { loadServiceConfig } from "../src/server/service-config.js";
import { fixturePath } from "./fixture-path.js";

const DURATION_SECONDS = 3;
/** Latency is read with one connection (no queueing), throughput with many. */
const LATENCY_CONNECTIONS = 1;
const THROUGHPUT_CONNECTIONS = 32;
/** Sequential requests timed one by one: autocannon's percentiles are whole milliseconds, too coarse for 1 ms. */
const SEQUENTIAL_REQUESTS = 3_000;
const RECALL_PATH = "/api/action-recall/v1/knowledge-networks/kn_medical/action-types/generate_treatment_plan";
const ACTION_QUERY_PATH =
  "/api/ontology-query/in/v1/knowledge-networks/kn_medical/action-types/generate_treatment_plan";
const TOOL_CALLS_PATH = "/api/action-recall/v1/tool-calls";
const HEADERS = { "content-type": "application/json", "x-account-id": "bench", "x-account-type": "user" };
/** What the stand-in proxy answers every execution. */
const PROXY_ANSWER = JSON.stringify({ status_code: 200, headers: {}, body: { ok: true }, error: null, duration_ms: 1 });

function readSeed(name: string): string {
  return readFileSync(fixturePath(`server/${name}`), "utf8");
}

/** A loopback upstream answering every request with one JSON text (the seed's payloads, pre-serialised). */
async function startJsonServer(answer: (path: string) => string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(answer(request.url ?? "/"));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Figures {
  requestsPerSecond: number;
  mean: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, body: string, connections: number): Promise<Figures> {
  const result = await autocannon({
    url,
    method: "POST",
    headers: HEADERS,
    body,
    connections,
    // The load generator runs in a worker thread, so it does not share the event loop with the service it measures.
    workers: 1,
    duration: DURATION_SECONDS,
  });
  return {
    requestsPerSecond: result.requests.average,
    // autocannon's percentiles are whole milliseconds; the mean keeps the fraction.
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

interface SequentialFigures {
  p50: number;
  p99: number;
}

/** One keep-alive connection, one request at a time, each timed with the high-resolution clock (ms). */
async function measureSequential(
  url: string,
  body: string,
  headers: Record<string, string> = HEADERS,
): Promise<SequentialFigures> {
  const dispatcher = new Agent({ connections: 1 });
  const durations: number[] = [];
  try {
    for (let index = 0; index < SEQUENTIAL_REQUESTS; index++) {
      const started = performance.now();
      const response = await request(url, { method: "POST", headers, body, dispatcher });
      await response.body.arrayBuffer();
      durations.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    }
  } finally {
    await dispatcher.close();
  }
  durations.sort((left, right) => left - right);
  const at = (quantile: number) => durations[Math.floor(quantile * (durations.length - 1))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

function line(name: string, figures: Figures): string {
  return `${name.padEnd(28)} ${figures.requestsPerSecond.toFixed(0).padStart(8)} req/s   mean ${figures.mean.toFixed(2)} ms   p50 ${figures.p50.toFixed(0)} ms   p99 ${figures.p99.toFixed(0)} ms   errors ${figures.errors}`;
}

/** An authentication mode as the benchmark sets it up: the service's settings, and the headers a caller sends. */
interface BenchMode {
  name: string;
  env: Record<string, string>;
  headers: Record<string, string>;
}

/** The modes whose cost per request is measured: none, an API key (one SHA-256), a JWT (an ES256 verification). */
async function benchModes(directory: string): Promise<BenchMode[]> {
  const key = "ar_bench_key_5e0c1f7a9b3d";
  const signing = await generateKeyPair("ES256");
  const jwks = { keys: [{ ...(await exportJWK(signing.publicKey)), kid: "k1", alg: "ES256", use: "sig" }] };
  writeFileSync(join(directory, "jwks.json"), JSON.stringify(jwks));
  const token = await new SignJWT({ sub: "bench", scope: "recall execute" })
    .setProtectedHeader({ alg: "ES256", kid: "k1" })
    .setIssuer("https://idp.example")
    .setAudience("action-recall")
    .setExpirationTime("1h")
    .sign(signing.privateKey);
  const json = { "content-type": "application/json" };
  return [
    { name: "none", env: {}, headers: HEADERS },
    {
      name: "api-key",
      env: {
        AUTH_MODE: "api-key",
        API_KEYS: JSON.stringify([
          {
            key_sha256: createHash("sha256").update(key).digest("hex"),
            account_id: "bench",
            scopes: ["recall", "execute"],
          },
        ]),
      },
      headers: { ...json, authorization: `Bearer ${key}` },
    },
    {
      name: "jwt",
      env: {
        AUTH_MODE: "jwt",
        JWT_JWKS_FILE: join(directory, "jwks.json"),
        JWT_ISSUER: "https://idp.example",
        JWT_AUDIENCE: "action-recall",
      },
      headers: { ...json, authorization: `Bearer ${token}` },
    },
  ];
}

/** Measures recall through the service against the direct upstream call, and prints the latency the service adds. */
export async function run(): Promise<void> {
  const actionResponse = readSeed("seed003-action-response.json");
  const toolDetail = readSeed("seed003-tool-detail.json");
  const ontologyQuery = await startJsonServer(() => actionResponse);
  const toolBox = await startJsonServer((path) => (path.includes("/proxy/") ? PROXY_ANSWER : toolDetail));
  const app = await buildServer(
    // The rate limit stays in the measured path, with a budget no run reaches.
    loadServiceConfig({
      ONTOLOGY_QUERY_URL: ontologyQuery.url,
      OPERATOR_INTEGRATION_URL: toolBox.url,
      RATE_LIMIT_MAX: "1000000000",
    }),
    { logger: false },
  );
  const serviceUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const recallBody = JSON.stringify({ unique_identity: { disease_id: "disease_000001" } });
    // Warm the tool cache (and the JIT) before measuring.
    const warm = await fetch(`${serviceUrl}${RECALL_PATH}`, { method: "POST", headers: HEADERS, body: recallBody });
    if (warm.status !== 200) throw new Error(`warm-up recall answered ${warm.status}: ${await warm.text()}`);
    const upstreamUrl = `${ontologyQuery.url}${ACTION_QUERY_PATH}`;
    const upstreamBody = JSON.stringify({ unique_identities: [{ disease_id: "disease_000001" }] });
    const sequential = {
      baseline: await measureSequential(upstreamUrl, upstreamBody),
      service: await measureSequential(`${serviceUrl}${RECALL_PATH}`, recallBody),
    };
    const figures = {
      baselineLatency: await measure(upstreamUrl, upstreamBody, LATENCY_CONNECTIONS),
      serviceLatency: await measure(`${serviceUrl}${RECALL_PATH}`, recallBody, LATENCY_CONNECTIONS),
      baselineThroughput: await measure(upstreamUrl, upstreamBody, THROUGHPUT_CONNECTIONS),
      serviceThroughput: await measure(`${serviceUrl}${RECALL_PATH}`, recallBody, THROUGHPUT_CONNECTIONS),
    };
    console.log(`service recall, warm tool cache, ${DURATION_SECONDS} s per run, loopback upstreams`);
    console.log(line(`baseline, ${LATENCY_CONNECTIONS} connection`, figures.baselineLatency));
    console.log(line(`service, ${LATENCY_CONNECTIONS} connection`, figures.serviceLatency));
    console.log(line(`baseline, ${THROUGHPUT_CONNECTIONS} connections`, figures.baselineThroughput));
    console.log(line(`service, ${THROUGHPUT_CONNECTIONS} connections`, figures.serviceThroughput));
    const ms = (value: number) => `${value.toFixed(3)} ms`;
    console.log(
      `sequential, ${SEQUENTIAL_REQUESTS} requests: baseline p50 ${ms(sequential.baseline.p50)} p99 ${ms(sequential.baseline.p99)}; service p50 ${ms(sequential.service.p50)} p99 ${ms(sequential.service.p99)}`,
    );
    const added = sequential.service.p50 - sequential.baseline.p50;
    const ratio = figures.serviceThroughput.requestsPerSecond / figures.baselineThroughput.requestsPerSecond;
    console.log(
      `added latency at p50: ${ms(added)} (target <= 1 ms); recalls/s: ${figures.serviceThroughput.requestsPerSecond.toFixed(0)} = ${ratio.toFixed(2)}x the baseline (target >= 3,000)`,
    );
    await measureModes({ ontologyQuery: ontologyQuery.url, toolBox: toolBox.url }, recallBody, sequential.baseline);
  } finally {
    await app.close();
    await new Promise((resolve) => ontologyQuery.server.close(resolve));
    await new Promise((resolve) => toolBox.server.close(resolve));
  }
}

/**
 * Per authentication mode, the sequential p50 of a warm recall and of an execution by reference (the recall again,
 * as the caller, plus the proxy call), each against the direct upstream call measured in the same run.
 */
async function measureModes(
  upstreams: { ontologyQuery: string; toolBox: string },
  recallBody: string,
  baseline: SequentialFigures,
): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), "action-recall-bench-"));
  const detail = JSON.parse(readSeed("seed003-tool-detail.json")) as { name: string };
  const executionBody = JSON.stringify({
    tool_ref: {
      kn_id: "kn_medical",
      action_type_id: "generate_treatment_plan",
      unique_identity: { disease_id: "disease_000001" },
    },
    call: {
      id: "call_1",
      name: detail.name,
      arguments: { path: { kn_id: "kn_medical", ot_id: "disease" }, body: { limit: 5, sort: [] } },
      format: "json",
    },
  });
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  console.log(
    `per authentication mode, sequential p50 of ${SEQUENTIAL_REQUESTS} requests (baseline ${ms(baseline.p50)}):`,
  );
  try {
    for (const mode of await benchModes(directory)) {
      const app = await buildServer(
        loadServiceConfig({
          ONTOLOGY_QUERY_URL: upstreams.ontologyQuery,
          OPERATOR_INTEGRATION_URL: upstreams.toolBox,
          RATE_LIMIT_MAX: "1000000000",
          ...mode.env,
        }),
        { logger: false },
      );
      const url = await app.listen({ port: 0, host: "127.0.0.1" });
      try {
        const recall = await measureSequential(`${url}${RECALL_PATH}`, recallBody, mode.headers);
        const execution = await measureSequential(`${url}${TOOL_CALLS_PATH}`, executionBody, mode.headers);
        console.log(
          `  ${mode.name.padEnd(8)} recall ${ms(recall.p50)} (${(recall.p50 / baseline.p50).toFixed(2)}x baseline)   execution by reference ${ms(execution.p50)} (${(execution.p50 / baseline.p50).toFixed(2)}x baseline)`,
        );
      } finally {
        await app.close();
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
