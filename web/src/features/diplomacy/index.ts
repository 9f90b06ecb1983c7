// The public surface of the diplomacy feature: what other features and the pages may import.
export { EdictsPanel } from "./Diplomacy.tsx";
