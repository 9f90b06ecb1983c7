// The public surface of the lobby feature: what other features and the pages may import.
export { Lobby } from "./Lobby.tsx";
