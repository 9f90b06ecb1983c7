// The public surface of the spectate feature: what other features and the pages may import.
export { SpectatorScreen, WatchList } from "./Spectate.tsx";
