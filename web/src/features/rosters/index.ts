// The public surface of the rosters feature: what other features and the pages may import.
export { BattleRosters, RosterPanel } from "./Rosters.tsx";
