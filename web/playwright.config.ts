import { defineConfig } from "@playwright/test";

// End-to-end tests in Debian's Chromium (nothing downloads a browser), against the live server
// that scripts/test_web starts with scripts/serve (MARCHLORDS_BASE_URL).
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 180_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: process.env["MARCHLORDS_BASE_URL"] ?? "http://127.0.0.1:8000",
    launchOptions: {
      executablePath: process.env["CHROMIUM"] ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
    viewport: { width: 1280, height: 860 },
    trace: "off",
    actionTimeout: 15_000,
  },
});
