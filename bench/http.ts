import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { request as undiciRequest } from "undici";
import { buildRequest, sendRequest } from "../src/http/index.js";
import type { OperationSpec } from "../src/openapi/operation-spec.js";
import seedOperation from "../test/fixtures/http/seed003-operation.json" with { type: "json" };
import { alternatingTimesOfAsync, percentile } from "./timing.js";

const operation = seedOperation as unknown as OperationSpec;
const serverUrl = "http://127.0.0.1:8080";
const flatArguments = {
  kn_id: "kn medical",
  ot_id: "disease/1",
  include_type_info: true,
  "X-HTTP-Method-Override": "GET",
  limit: 10,
  sort: [{ field: "name", direction: "asc" }],
  condition: { field: "name", operation: "like", value_from: "const", value: "肺炎" },
};
const fixed = { "x-account-id": "bdb78b62-6c48-11f0-af96-fa8dcc0a06b2", "x-account-type": "user" };

/** The least a client must do for the same call: template the path, encode the query, stringify the body. */
function naiveRequest(): { url: string; headers: Record<string, string>; body: string } {
  const path = operation.path
    .replace("{kn_id}", encodeURIComponent(flatArguments.kn_id))
    .replace("{ot_id}", encodeURIComponent(flatArguments.ot_id));
  const query = new URLSearchParams({ include_type_info: String(flatArguments.include_type_info) }).toString();
  const { limit, sort, condition } = flatArguments;
  return {
    url: `${serverUrl}${path}?${query}`,
    headers: { ...fixed, "X-HTTP-Method-Override": "GET", "content-type": "application/json" },
    body: JSON.stringify({ limit, sort, condition }),
  };
}

function timeLoop(iterations: number, work: () => unknown): number {
  const started = performance.now();
  for (let index = 0; index < iterations; index++) work();
  return performance.now() - started;
}

/** Measures building requests (against a naive hand-built baseline) and sending them (against bare undici). */
export async function run(): Promise<void> {
  const iterations = 50_000;
  timeLoop(5_000, () => buildRequest(operation, flatArguments, { fixed, serverUrl }));
  timeLoop(5_000, naiveRequest);
  const buildMs = timeLoop(iterations, () => buildRequest(operation, flatArguments, { fixed, serverUrl }));
  const naiveMs = timeLoop(iterations, naiveRequest);
  console.log(
    `http: buildRequest (seed 003, flat args + fixed) ${((buildMs * 1000) / iterations).toFixed(2)} µs/op, ` +
      `${Math.round(iterations / (buildMs / 1000))} ops/s; naive baseline ${((naiveMs * 1000) / iterations).toFixed(2)} µs/op; ` +
      `ratio ${(buildMs / naiveMs).toFixed(1)}x`,
  );

  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end('{"datas":[],"total_count":0}');
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/objects`;
  try {
    const calls = 2_000;
    const send = () =>
      sendRequest({ method: "GET", url, headers: {} }, { timeoutMs: 5_000, allowedHosts: ["127.0.0.1"] });
    const bare = async () => (await undiciRequest(url)).body.json();
    // One call of each in turn: timed as two batches, one after the other, the same code read 3x bare undici, not 1.6x.
    const { ours, baseline } = await alternatingTimesOfAsync(calls, 200, { ours: send, baseline: bare });
    const p50 = percentile(ours, 50);
    const baseP50 = percentile(baseline, 50);
    console.log(
      `http: sendRequest GET loopback p50 ${(p50 * 1000).toFixed(0)} µs, p99 ${(percentile(ours, 99) * 1000).toFixed(0)} µs; ` +
        `bare undici p50 ${(baseP50 * 1000).toFixed(0)} µs, p99 ${(percentile(baseline, 99) * 1000).toFixed(0)} µs; ` +
        `added at p50 ${((p50 - baseP50) * 1000).toFixed(0)} µs (ratio ${(p50 / baseP50).toFixed(2)}x)`,
    );
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
