// The pure parts of push (issue 46 §2): the server's key as bytes, and what a push message
// shows and opens (never a page of another site, nor the API's).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { urlBase64ToUint8Array } from "../../src/features/push/key.ts";
import { clientPath, DEFAULT_TITLE, parsePushPayload } from "../../src/features/push/payload.ts";
import { API_PREFIXES, isApiPath } from "../../src/features/pwa/paths.ts";
import { subscriptionBody } from "../../src/features/push/device.ts";
import { deviceName } from "../../src/features/push/deviceName.ts";

const ORIGIN = "https://marchlords.example";

describe("the server's VAPID key", () => {
  it("decodes URL-safe base64 without padding to its 65 bytes", () => {
    // A P-256 public key: 0x04 then 64 bytes; "-" and "_" stand for "+" and "/".
    const bytes = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : (i * 37) % 256));
    const standard = btoa(String.fromCharCode(...bytes));
    const urlSafe = standard.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(urlSafe).toMatch(/[-_]/);
    expect(Array.from(urlBase64ToUint8Array(urlSafe))).toEqual(Array.from(bytes));
    expect(Array.from(urlBase64ToUint8Array(`${urlSafe}=`))).toEqual(Array.from(bytes));
  });

  it("decodes every padding length", () => {
    expect(Array.from(urlBase64ToUint8Array("AQ"))).toEqual([1]);
    expect(Array.from(urlBase64ToUint8Array("AQI"))).toEqual([1, 2]);
    expect(Array.from(urlBase64ToUint8Array("AQID"))).toEqual([1, 2, 3]);
  });

  it("refuses what is not URL-safe base64 rather than subscribing with a wrong key", () => {
    expect(() => urlBase64ToUint8Array("ab+c")).toThrow();
    expect(() => urlBase64ToUint8Array("a b")).toThrow();
    expect(() => urlBase64ToUint8Array("abcde")).toThrow();
  });
});

describe("a push message", () => {
  const parse = (data: string | null) => parsePushPayload(data, ORIGIN, API_PREFIXES);

  it("shows the server's title, body and tag and opens its page", () => {
    const notice = parse(JSON.stringify({ title: "Turn 4", body: "Your orders are awaited.", url: "/campaigns/3f2b?x=1#map", tag: "turn-c1" }));
    expect(notice).toEqual({ title: "Turn 4", body: "Your orders are awaited.", url: "/campaigns/3f2b?x=1#map", tag: "turn-c1" });
  });

  it("still shows a plain notice for no data, bad JSON or wrong types", () => {
    for (const data of [null, "", "not json", "[]", "42", JSON.stringify({ title: 7, body: null, url: 3, tag: {} })]) {
      expect(parse(data)).toEqual({ title: DEFAULT_TITLE, body: "", url: "/", tag: "" });
    }
  });

  it("keeps long texts short", () => {
    const notice = parse(JSON.stringify({ title: "t".repeat(1000), body: "b".repeat(5000), url: "/", tag: "g".repeat(500) }));
    expect(notice.title.length).toBeLessThanOrEqual(120);
    expect(notice.body.length).toBeLessThanOrEqual(500);
    expect(notice.tag.length).toBeLessThanOrEqual(100);
  });

  it("never opens another site or the API, whatever the url says", () => {
    const hostile = [
      "https://evil.example/phish",
      "//evil.example/phish",
      "/\\evil.example",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "campaigns/relative",
      "/v1/users/me",
      "/docs",
      "/rules/battles",
      "/openapi.json",
      "https://marchlords.example.evil.example/",
    ];
    for (const url of hostile) expect(clientPath(url, ORIGIN, API_PREFIXES), url).toBe("/");
    expect(clientPath(`${ORIGIN}/campaigns/1`, ORIGIN, API_PREFIXES)).toBe("/");
    expect(clientPath("/inbox", ORIGIN, API_PREFIXES)).toBe("/inbox");
    expect(clientPath("/campaigns/1/../../inbox", ORIGIN, API_PREFIXES)).toBe("/inbox");
    expect(clientPath("/x/../v1/users", ORIGIN, API_PREFIXES)).toBe("/");
  });
});

describe("the service worker's idea of the API's paths", () => {
  it("is the server's (app/shell/web/client.py API_PREFIXES)", () => {
    const source = readFileSync(new URL("../../../app/shell/web/client.py", import.meta.url), "utf-8");
    const line = /^API_PREFIXES = \((.*)\)$/m.exec(source);
    expect(line).not.toBeNull();
    const server = [...(line?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    expect([...API_PREFIXES].sort()).toEqual(server.sort());
    expect(isApiPath("/v1/campaigns")).toBe(true);
    expect(isApiPath("/campaigns/1")).toBe(false);
  });
});

describe("a browser subscription sent to the server", () => {
  it("is its endpoint and its two keys, or an error when one is missing", () => {
    const full = { endpoint: "https://push.example/abc", expirationTime: null, keys: { p256dh: "BKey", auth: "Auth" } };
    expect(subscriptionBody({ toJSON: () => full })).toEqual({ endpoint: "https://push.example/abc", keys: { p256dh: "BKey", auth: "Auth" } });
    expect(() => subscriptionBody({ toJSON: () => ({ endpoint: "https://push.example/abc", keys: { p256dh: "BKey" } }) })).toThrow();
  });
});

describe("a device's name", () => {
  it("is its browser and system, as a player recognises them", () => {
    const cases: [string, string | null][] = [
      ["Mozilla/5.0 (Android 15; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0", "Firefox on Android"],
      ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1", "Safari on iOS"],
      ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0", "Edge on Windows"],
      ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36", "Chrome on macOS"],
      ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36", "Chrome on Linux"],
      ["curl/8.0", null],
    ];
    for (const [agent, name] of cases) expect(deviceName(agent, "on"), agent).toBe(name);
    expect(deviceName(null, "on")).toBeNull();
  });
});
