import diagnosticsChannel from "node:diagnostics_channel";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { TtlCacheStats } from "../recall/index.js";
import { OTHER_UPSTREAM, originOf } from "./upstream-names.js";

/** The service's Prometheus metrics, in a registry of its own (several services can live in one process). */
export interface ServiceMetrics {
  /** What `/metrics` answers: the service's own metrics and the process's. */
  registry: Registry;
  /** Records one answered request. */
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** Stops listening to upstream calls. */
  close(): void;
}

/** Where the cache counters are read from at scrape time. */
export type CacheStatsSource = () => Record<string, TtlCacheStats | undefined>;

interface UndiciRequestEvent {
  request: { origin?: unknown; method?: string };
}

/**
 * Creates the metrics: requests by route and status (count and latency), upstream latency by upstream (from undici's
 * diagnostics channels, so every upstream call is timed without wrapping the clients) and cache hits. `upstreams`
 * names the configured origins (see `upstreamNames`); a call to any other origin is labelled `other`, so labels stay
 * a bounded set whatever URLs clients name. The registry also answers the Node process figures of prom-client's
 * `collectDefaultMetrics()` (CPU, memory, event loop lag, GC, handles).
 */
export function createServiceMetrics(
  cacheStats: CacheStatsSource,
  upstreams: ReadonlyMap<string, string>,
): ServiceMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: "action_recall_http_requests_total",
    help: "Requests answered, by method, route and status.",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: "action_recall_http_request_duration_seconds",
    help: "Request latency, by method, route and status.",
    labelNames: ["method", "route", "status"],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const upstreamSeconds = new Histogram({
    name: "action_recall_upstream_duration_seconds",
    help: "Upstream latency until response headers, by configured upstream (or other) and method.",
    labelNames: ["upstream", "method"],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: "action_recall_cache_events",
    help: "Cache lookups so far, by cache and outcome (hit, miss, coalesced).",
    labelNames: ["cache", "outcome"],
    registers: [registry],
    collect() {
      for (const [cache, stats] of Object.entries(cacheStats())) {
        if (stats === undefined) continue;
        this.set({ cache, outcome: "hit" }, stats.hits);
        this.set({ cache, outcome: "miss" }, stats.misses);
        this.set({ cache, outcome: "coalesced" }, stats.coalesced);
      }
    },
  });

  const started = new WeakMap<object, number>();
  const onCreate = (message: unknown): void => {
    started.set((message as UndiciRequestEvent).request, performance.now());
  };
  const onHeaders = (message: unknown): void => {
    const { request } = message as UndiciRequestEvent;
    const start = started.get(request);
    if (start === undefined) return;
    started.delete(request);
    upstreamSeconds.observe(
      { upstream: upstreams.get(originOf(request.origin) ?? "") ?? OTHER_UPSTREAM, method: request.method ?? "GET" },
      (performance.now() - start) / 1000,
    );
  };
  diagnosticsChannel.subscribe("undici:request:create", onCreate);
  diagnosticsChannel.subscribe("undici:request:headers", onHeaders);

  return {
    // Merged once every metric exists: merging copies the metrics registered so far.
    registry: Registry.merge([registry, processMetrics()]),
    observeRequest(labels, seconds) {
      const text = { method: labels.method, route: labels.route, status: String(labels.status) };
      requests.inc(text);
      requestSeconds.observe(text, seconds);
    },
    close() {
      diagnosticsChannel.unsubscribe("undici:request:create", onCreate);
      diagnosticsChannel.unsubscribe("undici:request:headers", onHeaders);
    },
  };
}

/** The process figures, collected once per process: each collection adds its own GC observer and lag monitor. */
let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
