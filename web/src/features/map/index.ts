// The public surface of the map feature: what other features and the pages may import.
export { HexMap } from "./HexMap.tsx";
export { MapPreview } from "./MapPreview.tsx";
