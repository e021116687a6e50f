import { defineConfig } from "vitest/config";

// Browser tests: one real server for the run (global-setup), files one at a time (they share it).
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    passWithNoTests: true,
  },
});
