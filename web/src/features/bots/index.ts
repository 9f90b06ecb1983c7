// The public surface of the bots feature: what other features and the pages may import.
export { BotMark, LobbyBots, SeatBotControls } from "./Bots.tsx";
