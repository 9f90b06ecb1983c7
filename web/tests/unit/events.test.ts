import { describe, expect, it } from "vitest";
import { followEvents, parseFrames, type CampaignEvent } from "../../src/api/events.ts";

describe("event stream frames", () => {
  it("parses events, skips keep-alives and keeps an unfinished frame", () => {
    const text =
      ": keep-alive\n\nid: AAAAAAAAAAAAAAA1\nevent: turn_changed\ndata: {\"turn\": 2}\n\nid: AAAAAAAAAAAAAAA2\nevent: player_ready\ndata: {\"pl";
    const { events, rest } = parseFrames(text);
    expect(events).toEqual([{ id: "AAAAAAAAAAAAAAA1", kind: "turn_changed", data: { turn: 2 } }]);
    expect(rest).toContain("player_ready");
  });

  it("reads the retry delay and CRLF line ends", () => {
    const { events, retry } = parseFrames("retry: 2500\r\n\r\nid: x\r\nevent: gold\r\ndata: {}\r\n\r\n");
    expect(retry).toBe(2500);
    expect(events[0]?.kind).toBe("gold");
  });

  it("reconnects with Last-Event-ID after a dropped stream", async () => {
    const seenHeaders: (string | null)[] = [];
    const bodies = [
      "id: AAAAAAAAAAAAAAA1\nevent: player_ready\ndata: {}\n\nretry: 1\n\n",
      "id: AAAAAAAAAAAAAAA2\nevent: turn_changed\ndata: {\"turn\": 3}\n\n",
    ];
    const controller = new AbortController();
    const got: CampaignEvent[] = [];
    const fakeFetch = (async (_url: string, init?: RequestInit) => {
      seenHeaders.push(new Headers(init?.headers).get("Last-Event-ID"));
      const body = bodies.shift();
      if (body === undefined) {
        controller.abort();
        throw new Error("aborted");
      }
      return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
    }) as typeof fetch;
    await followEvents(
      { baseUrl: "", campaignId: "c", token: "t", fetchImpl: fakeFetch, onEvent: (e) => got.push(e) },
      controller.signal,
    );
    expect(got.map((e) => e.kind)).toEqual(["player_ready", "turn_changed"]);
    expect(seenHeaders.slice(0, 2)).toEqual([null, "AAAAAAAAAAAAAAA1"]);
  });
});
