// The account's first requests: register, sign in with a password (the OAuth2 password grant,
// form-encoded), ask for a password reset and set a new password with the emailed token. The
// forms keep their own busy and error state, so these are plain functions, not hooks.
import { ok, type Api } from "../../api/client.ts";

/** Register a user (`display_name` falls back to the username). */
export async function register(api: Api, username: string, password: string, displayName: string) {
  return ok(await api.POST("/v1/users", { body: { username, password, display_name: displayName || username } }));
}

/** The bearer token of a username and password. */
export async function passwordGrant(api: Api, username: string, password: string) {
  return ok(
    await api.POST("/v1/auth/token", {
      body: { grant_type: "password", username, password, scope: "" },
      bodySerializer: (body) => new URLSearchParams(body as Record<string, string>),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );
}

/** Ask for a reset link by email (the answer says the same whether the address is known or not). */
export async function requestPasswordReset(api: Api, address: string) {
  return ok(await api.POST("/v1/auth/password-reset", { body: { address } }));
}

/** Set a new password with the emailed token. */
export async function confirmPasswordReset(api: Api, token: string, newPassword: string) {
  return ok(await api.POST("/v1/auth/password-reset/confirm", { body: { token, new_password: newPassword } }));
}
