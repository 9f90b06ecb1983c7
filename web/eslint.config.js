// ESLint (flat config) of the web client: `npm run lint`, run by scripts/test_web before the
// build, with no warning allowed (--max-warnings 0). docs/contributors/web-client.md says why
// each part is here.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { readdirSync } from "node:fs";
import globals from "globals";
import tseslint from "typescript-eslint";

// A feature (src/features/<f>/) imports lib/, api/, components/ and i18n, and another feature
// only through that feature's public surface, its index.ts — never its files. Pages and the app
// (src/pages/, App.tsx, main.tsx) compose features; shared code never imports a feature.
const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: "./src/features",
  except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
  message: `A feature imports another feature only through its index.ts (compose features in src/pages/).`,
}));
const sharedZones = ["./src/lib", "./src/api", "./src/components"].map((shared) => ({
  target: shared,
  from: ["./src/features", "./src/pages", "./src/App.tsx"],
  message: "Shared code (lib/, api/, components/) never imports a feature or a page.",
}));

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "test-results/", "playwright-report/", "src/api/schema.d.ts", "dev-dist/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Type-aware rules (floating and misused promises, unsafe any, needless assertions) on the
  // app's sources; tests, scripts and the contract program get the syntactic rules only (their
  // mocks are `any` on purpose, and a type-checked pass over them doubles the lint's time).
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ["src/**/*.{ts,tsx}"] })),
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat["recommended-latest"],
  },
  {
    files: ["src/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...featureZones, ...sharedZones] }],
    },
  },
  {
    // Components ask through their feature's api.ts (query options and mutation hooks on the
    // key factory), never with an inline request. Every feature but map (HexMap and its parts,
    // which ask nothing themselves) is moved over:
    files: [
      "src/App.tsx",
      "src/pages/**/*.tsx",
      ...[
        "auth",
        "battles",
        "bots",
        "campaigns",
        "diplomacy",
        "game",
        "gamemaster",
        "generals",
        "guide",
        "lobby",
        "messages",
        "moderation",
        "push",
        "pwa",
        "rosters",
        "seats",
        "settings",
        "spectate",
      ].map((feature) => `src/features/${feature}/**/*.tsx`),
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='api'][callee.property.name=/^(GET|POST|PUT|PATCH|DELETE)$/]",
          message: "Ask through the feature's api.ts (query options or a mutation hook), not inline in a component.",
        },
      ],
    },
  },
  {
    files: ["tests/**", "contract/**", "scripts/**", "*.config.ts", "*.config.js"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["*.config.js"],
    languageOptions: { globals: { ...globals.node } },
  },
);
