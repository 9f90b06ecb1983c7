// The public surface of the seats feature: what other features and the pages may import.
export { SeatOffers, SeatsPanel } from "./Seats.tsx";
