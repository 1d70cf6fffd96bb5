import { type Context, context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { tracer } from "../telemetry/with-span.js";

/**
 * Traces every request as a server span named by its method and route (`POST /api/action-recall/v1/tool-calls`),
 * continuing the caller's trace when the request carries a W3C `traceparent`. Each route handler runs in the span's
 * context, so the library's spans (recall, execute, ...) and the `traceparent` sent upstream descend from it. The span
 * ends when the response is done (streamed answers too); a 5xx marks it failed. Register it before any other hook, so
 * a request refused early (401, 429) is traced too.
 */
export function registerRequestTracing(app: FastifyInstance): void {
  const contexts = new WeakMap<FastifyRequest, Context>();
  app.addHook("onRequest", (request, reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route === undefined ? request.method : `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          "http.request.method": request.method,
          ...(route === undefined ? {} : { "http.route": route }),
          "url.path": request.url.split("?", 1)[0],
        },
      },
      parent,
    );
    contexts.set(request, trace.setSpan(parent, span));
    reply.raw.once("close", () => {
      const status = reply.raw.statusCode;
      span.setAttribute("http.response.status_code", status);
      // A server span counts only 5xx as failed: a 4xx is the caller's mistake (OpenTelemetry's HTTP conventions).
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    done();
  });
  // Body parsing runs outside the hook's context, so each handler is run inside its request's span instead.
  app.addHook("onRoute", (route) => {
    const handler = route.handler;
    route.handler = function tracedHandler(request, reply) {
      const requestContext = contexts.get(request) ?? context.active();
      return context.with(requestContext, handler, this, request, reply);
    };
  });
}
