/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// `npm run dev` serves the client on :5173 and sends the API's paths to the server started by
// `scripts/serve` (same origin for the browser, as in production where the API serves `dist/`).
const api = process.env.MARCHLORDS_API ?? "http://127.0.0.1:8000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/v1": { target: api, changeOrigin: false },
      "/healthz": api,
      "/openapi.json": api,
      "/docs": api,
      "/rules": api,
    },
  },
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 600 },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});
