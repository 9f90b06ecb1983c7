// The server's VAPID public key (URL-safe base64, RFC 4648 §5, unpadded as the Web Push spec
// writes it) as the bytes `pushManager.subscribe({ applicationServerKey })` takes.

/** The bytes of a URL-safe base64 string (padding optional); throws on a character outside the
 * alphabet rather than subscribing with a wrong key. */
export function urlBase64ToUint8Array(value: string): Uint8Array<ArrayBuffer> {
  const trimmed = value.trim().replace(/=+$/, "");
  if (!/^[A-Za-z0-9_-]*$/.test(trimmed) || trimmed.length % 4 === 1) throw new Error("not URL-safe base64");
  const base64 = trimmed.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (trimmed.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
