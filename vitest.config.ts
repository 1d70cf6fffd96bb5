import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A loaded CI machine can take seconds to get a request to a loopback upstream; a poll waits for it, not 1 s.
    expect: { poll: { timeout: 15_000 } },
  },
});
