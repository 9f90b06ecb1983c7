// The public surface of the auth feature: what other features and the pages may import.
export { Auth, ResetPassword } from "./Auth.tsx";
