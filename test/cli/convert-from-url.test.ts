import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runCli } from "../../src/cli/main.js";
import { startUpstreamServer, type UpstreamServer } from "../support/upstream-servers.js";

const PETSTORE = readFileSync(new URL("../fixtures/dialects/petstore-openapi3.json", import.meta.url), "utf8");
const EXTERNAL_REF_SPEC = readFileSync(
  new URL("../fixtures/cli/external-refs/specs/main.yaml", import.meta.url),
  "utf8",
);

/** Runs `action-recall convert ...` in-process as the binary does: typed errors printed with their code, exit 1. */
async function convert(argv: string[]) {
  const io: CliIo & { out: string; err: string } = {
    out: "",
    err: "",
    readStdin: async () => "",
    stdout: (text) => {
      io.out += text;
    },
    stderr: (text) => {
      io.err += text;
    },
  };
  const code = await runCli(["convert", ...argv], io);
  return { code, out: io.out, err: io.err };
}

let server: UpstreamServer;
beforeAll(async () => {
  server = await startUpstreamServer();
  server.route("GET", "/openapi.json", { text: PETSTORE });
  server.route("GET", "/openapi.yaml", {
    headers: { "content-type": "application/yaml" },
    text: "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /ping:\n    get: {operationId: ping}\n",
  });
  server.route("GET", "/moved", { status: 301, headers: { location: "/openapi.json" } });
  server.route("GET", "/loop", { status: 302, headers: { location: "/loop" } });
  server.route("GET", "/to-plain-http", { status: 302, headers: { location: "http://example.com/openapi.json" } });
  server.route("GET", "/refs.yaml", { headers: { "content-type": "application/yaml" }, text: EXTERNAL_REF_SPEC });
  server.route("GET", "/slow", { hang: true });
});
afterAll(() => server.close());

describe("action-recall convert <url>", () => {
  test.each([
    { path: "/openapi.json", want: ["findPets", "addPet", "updatePetWithForm", "uploadPhoto"] },
    { path: "/openapi.yaml", want: ["ping"] },
    { path: "/moved", want: ["findPets", "addPet", "updatePetWithForm", "uploadPhoto"] },
  ])("fetches http://127.0.0.1$path (loopback) and converts it", async ({ path, want }) => {
    const { code, out, err } = await convert([`${server.url}${path}`]);
    expect({ code, err }).toEqual({ code: 0, err: "" });
    expect((JSON.parse(out) as Array<{ function: { name: string } }>).map((tool) => tool.function.name)).toEqual(want);
  });

  test.each([
    { url: "http://example.com/openapi.json", want: "HOST_NOT_ALLOWED: http://example.com/openapi.json: " },
    { url: "ftp://example.com/openapi.json", want: "HOST_NOT_ALLOWED: ftp://example.com/openapi.json: " },
    { url: "http://0.0.0.0:1/openapi.json", want: "HOST_NOT_ALLOWED: http://0.0.0.0:1/openapi.json: " },
  ])("refuses $url: https only, plain http only to loopback", async ({ url, want }) => {
    const { code, out, err } = await convert([url]);
    expect({ code, out }).toEqual({ code: 1, out: "" });
    expect(err).toContain(want);
    expect(err).toContain("documents are fetched over https only (plain http only from a loopback host)");
  });

  test("takes an https URL to loopback (it fails on TLS here, past the scheme check)", async () => {
    const { code, err } = await convert([server.url.replace("http:", "https:")]);
    expect(code).toBe(1);
    expect(err).toContain("UPSTREAM_ERROR");
    expect(err).not.toContain("HOST_NOT_ALLOWED");
  });

  test("refuses a redirect to plain http off loopback, naming both URLs", async () => {
    const { code, err } = await convert([`${server.url}/to-plain-http`]);
    expect(code).toBe(1);
    expect(err).toContain(
      `HOST_NOT_ALLOWED: http://example.com/openapi.json (a redirect of ${server.url}/to-plain-http)`,
    );
  });

  test("follows at most 5 redirects", async () => {
    const before = server.hits("/loop");
    const { code, err } = await convert([`${server.url}/loop`]);
    expect(code).toBe(1);
    expect(err).toContain(`UPSTREAM_ERROR: ${server.url}/loop redirected more than 5 times`);
    expect(server.hits("/loop") - before).toBe(6);
  });

  test("a body over --max-fetch-bytes is RESPONSE_TOO_LARGE", async () => {
    const { code, err } = await convert([`${server.url}/openapi.json`, "--max-fetch-bytes", "100"]);
    expect(code).toBe(1);
    expect(err).toContain(`RESPONSE_TOO_LARGE: ${server.url}/openapi.json answered more than 100 bytes`);
  });

  test("a server slower than --fetch-timeout is UPSTREAM_TIMEOUT", async () => {
    const { code, err } = await convert([`${server.url}/slow`, "--fetch-timeout", "200"]);
    expect(code).toBe(1);
    expect(err).toContain(`UPSTREAM_TIMEOUT: ${server.url}/slow was not fetched within 200 ms`);
  });

  test("an error status is UPSTREAM_ERROR with the status", async () => {
    const { code, err } = await convert([`${server.url}/missing.json`]);
    expect(code).toBe(1);
    expect(err).toContain(`UPSTREAM_ERROR: ${server.url}/missing.json answered 404`);
  });

  test("the external $refs of a fetched document stay refused (nothing else is fetched)", async () => {
    const before = server.requests.length;
    const { code, out } = await convert([`${server.url}/refs.yaml`, "--operation", "addPet"]);
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ operation: "addPet", error: { code: "EXTERNAL_REF_REFUSED" } });
    expect(server.requests.slice(before).map((request) => request.path)).toEqual(["/refs.yaml"]);
  });

  test.each([
    { given: ["--external-refs", "."], want: "--external-refs needs a file, not standard input or a URL" },
    { given: ["--fetch-timeout", "0"], want: '--fetch-timeout must be an integer >= 1, not "0"' },
    { given: ["--max-fetch-bytes", "1MB"], want: '--max-fetch-bytes must be an integer >= 1, not "1MB"' },
  ])("$given is a usage mistake (exit 2)", async ({ given, want }) => {
    const { code, err } = await convert([`${server.url}/openapi.json`, ...given]);
    expect(code).toBe(2);
    expect(err).toContain(want);
  });
});
