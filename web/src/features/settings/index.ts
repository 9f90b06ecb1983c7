// The public surface of the settings feature: what other features and the pages may import.
export { accountQueries } from "./api.ts";
export { DiscordLink } from "./DiscordLink.tsx";
export { EmailSettings } from "./Email.tsx";
export { IdentitySettings, OidcReturn, ProviderButtons } from "./Identities.tsx";
export { LanguageSettings, useChooseLanguage, useSavedLanguage } from "./Language.tsx";
export { NotificationSettings } from "./Notifications.tsx";
export { MyReliability, ReliabilityView } from "./Reliability.tsx";
export { AccountNotices, Tokens } from "./Tokens.tsx";
export { DeliveryLog, WebhooksPanel } from "./Webhooks.tsx";
