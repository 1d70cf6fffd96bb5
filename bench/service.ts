// The service's recall throughput and latency with a warm tool cache, against loopback stand-ins of ontology-query and
// the tool box (in this process, so the service's thread also pays for them: conservative); the baseline is the same
// load straight at the loopback ontology-query, which every recall calls once.
// Bounded: a few seconds per measurement, 127.0.0.1 only.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
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
const HEADERS = { "content-type": "application/json", "x-account-id": "bench", "x-account-type": "user" };

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
async function measureSequential(url: string, body: string): Promise<SequentialFigures> {
  const dispatcher = new Agent({ connections: 1 });
  const durations: number[] = [];
  try {
    for (let index = 0; index < SEQUENTIAL_REQUESTS; index++) {
      const started = performance.now();
      const response = await request(url, { method: "POST", headers: HEADERS, body, dispatcher });
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

/** Measures recall through the service against the direct upstream call, and prints the latency the service adds. */
export async function run(): Promise<void> {
  const actionResponse = readSeed("seed003-action-response.json");
  const toolDetail = readSeed("seed003-tool-detail.json");
  const ontologyQuery = await startJsonServer(() => actionResponse);
  const toolBox = await startJsonServer(() => toolDetail);
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
  } finally {
    await app.close();
    await new Promise((resolve) => ontologyQuery.server.close(resolve));
    await new Promise((resolve) => toolBox.server.close(resolve));
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
