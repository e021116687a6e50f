import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Unit tests beside the code (src/**/*.test.ts[x]) in a simulated browser; browser tests have their own config.
export default defineConfig({
  plugins: [react()],
  test: { include: ["src/**/*.test.{ts,tsx}"], environment: "jsdom", passWithNoTests: true },
});
