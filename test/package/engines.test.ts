import { readFileSync } from "node:fs";
import semver from "semver";
import { expect, test } from "vitest";

// `engines.node` is a promise: every Node version it admits must be one every installed package (the lock's whole
// tree, the test tools included, since `npm ci` installs them) admits too, and the version CI runs on must be in it.

const ROOT = new URL("../../", import.meta.url);

interface LockPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

const manifest = JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL("package-lock.json", ROOT), "utf8")) as {
  packages: Record<string, LockPackage>;
};

test("engines.node is the range the package states: Node 22.19 and later, without the odd release 23", () => {
  expect(manifest.engines.node).toBe("^22.19.0 || >=24.0.0");
});

test("every Node version engines.node admits is admitted by every package in the lock", () => {
  const refusing: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const required = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (path === "" || required === undefined) continue;
    if (!semver.subset(manifest.engines.node, required)) refusing.push(`${path}@${entry.version}: ${required}`);
  }
  expect(refusing).toEqual([]);
});

test("the lock records the same engines.node as package.json", () => {
  expect(lock.packages[""]?.engines).toEqual({ node: manifest.engines.node });
});

test("CI runs on a pinned Node version engines.node admits", () => {
  const pinned = /^NODE_VERSION=(\S+)$/m.exec(readFileSync(new URL(".ci/run", ROOT), "utf8"))?.[1];
  expect(pinned).toBe("22.23.3");
  expect(semver.satisfies(pinned ?? "", manifest.engines.node)).toBe(true);
});
