// The signed-in player's home: their campaigns, creating and joining one, seats offered to
// them, the account's settings, and finding or watching other campaigns.
import { Campaigns, CreateCampaign, FindGame, JoinCampaign } from "../features/campaigns/index.ts";
import { ModerationSettings, OperatorQueue } from "../features/moderation/index.ts";
import { PushSettings } from "../features/push/index.ts";
import { SeatOffers } from "../features/seats/index.ts";
import {
  AccountNotices,
  DiscordLink,
  EmailSettings,
  IdentitySettings,
  LanguageSettings,
  MyReliability,
  NotificationSettings,
  Tokens,
} from "../features/settings/index.ts";
import { WatchList } from "../features/spectate/index.ts";

/** The home page (`/`). */
export function HomePage() {
  return (
    <>
      <div className="columns">
        <SeatOffers />
        <Campaigns />
        <CreateCampaign />
        <JoinCampaign />
        <Tokens />
        <IdentitySettings />
        <AccountNotices />
        <LanguageSettings />
        <EmailSettings />
        <NotificationSettings />
        <PushSettings />
        <DiscordLink />
        <MyReliability />
        <ModerationSettings />
        <OperatorQueue />
      </div>
      <FindGame />
      <WatchList />
    </>
  );
}
