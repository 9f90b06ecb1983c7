// The public surface of the generals feature: what other features and the pages may import.
export { FactionActionSection, GeneralsSection, RaiseForm } from "./Generals.tsx";
