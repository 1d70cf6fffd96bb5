// The public API of the service, by name.

/** Builds the Fastify service (no listen); what it can be given instead of building it. */
export { buildServer, type ServerDependencies } from "./build-server.js";
/** The error code → HTTP status table, and its lookup. */
export { HTTP_STATUS_BY_CODE, httpStatusOf } from "./http-status-of.js";
/** The service settings, read and validated from the environment. */
export { loadServiceConfig, type McpActionBinding, type ServiceConfig } from "./service-config.js";
/** Starts the OpenTelemetry Node SDK when the standard `OTEL_*` settings ask for traces (as `serve` does). */
export { isTracingConfigured, startTelemetry, type Telemetry } from "./start-telemetry.js";
