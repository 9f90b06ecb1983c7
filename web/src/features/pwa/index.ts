// The public surface of the pwa feature: what other features and the pages may import.
export { PwaBanners } from "./Banners.tsx";
export { ForgetPreviousUser } from "./ForgetUser.tsx";
export { startPwa } from "./register.ts";
