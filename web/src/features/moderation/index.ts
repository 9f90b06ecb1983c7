// The public surface of the moderation feature: what other features and the pages may import.
export { ModerationSettings, OperatorQueue, ReportButton } from "./Moderation.tsx";
