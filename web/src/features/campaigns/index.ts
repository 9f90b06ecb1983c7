// The public surface of the campaigns feature: what other features and the pages may import.
export { campaignQueries } from "./api.ts";
export { Campaigns, CreateCampaign, JoinCampaign } from "./Campaigns.tsx";
export { FindGame } from "./FindGame.tsx";
export { HouseRulesPanel } from "./HouseRules.tsx";
export { DeadlineTimes, ScheduleSettings, browserTimeZone, formatIn } from "./Schedule.tsx";
