/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { poCatalogs } from "./scripts/catalog.ts";

// `npm run dev` serves the client on :5173 and sends the API's paths to the server started by
// `scripts/serve` (same origin for the browser, as in production where the API serves `dist/`).
const api = process.env.MARCHLORDS_API ?? "http://127.0.0.1:8000";

export default defineConfig({
  plugins: [
    react(),
    // The message catalogs (src/locales/*.po) compiled on import (issue 44).
    poCatalogs(),
    // An installable app (issue 46): the manifest, and the service worker of src/sw/sw.ts with
    // the app shell's precache list injected (injectManifest, so it also handles push). A new
    // version is offered, not forced ("prompt": src/pwa/Banners.tsx).
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/sw",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifestFilename: "manifest.webmanifest",
      includeAssets: ["icons/icon.svg", "icons/apple-touch-icon.png"],
      injectManifest: { globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"] },
      manifest: {
        id: "/",
        name: "Marchlords",
        short_name: "Marchlords",
        description: "Hex-map wargame campaigns: your orders, battles and diplomacy between tabletop games.",
        lang: "en",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: "#3b2f2a",
        background_color: "#f4f1ea",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
    }),
  ],
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
