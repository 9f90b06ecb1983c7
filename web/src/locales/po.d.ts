// A catalog imported from JavaScript: compiled by the Vite plugin of scripts/catalog.ts.
declare module "*.po" {
  import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
  export const messages: Record<string, CompiledMessage>;
}
