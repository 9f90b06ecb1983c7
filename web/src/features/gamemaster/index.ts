// The public surface of the gamemaster feature: what other features and the pages may import.
export { GameMasterPanel } from "./GameMaster.tsx";
