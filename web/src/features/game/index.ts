// The public surface of the game feature: what other features and the pages may import.
export { gameQueries, useMoveArmy } from "./api.ts";
export { ChartsTable } from "./Charts.tsx";
export { HistoryPanel, SummaryPanel, useWords } from "./History.tsx";
export { ArmiesPanel } from "./OrdersPanel.tsx";
export { GoToTile, TilePanel } from "./TilePanel.tsx";
export { countdown, StatusBar } from "./TurnBar.tsx";
