// The public surface of the battles feature: what other features and the pages may import.
export { BattlesPanel } from "./Battles.tsx";
