import { fileURLToPath } from "node:url";

/**
 * The path of a test fixture (`test/fixtures/<name>`). Benchmarks run compiled from `dist-bench/bench/`, two folders
 * below the package root, so the fixtures are found from there rather than next to the bench's own source.
 */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../../test/fixtures/${name}`, import.meta.url));
}
