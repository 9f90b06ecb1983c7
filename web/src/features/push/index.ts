// The public surface of the push feature: what other features and the pages may import.
export { PushSettings } from "./PushSettings.tsx";
export { forgetDeviceOnSignOut } from "./device.ts";
