// The campaign's live event stream (GET …/events, text/event-stream). EventSource cannot send
// the bearer token, so the stream is read with fetch; it reconnects with `Last-Event-ID` so that
// nothing is missed or repeated across a dropped connection.
import type { components } from "./schema.d.ts";

export type EventKind = components["schemas"]["EventKind"];

export interface CampaignEvent {
  id: string;
  kind: EventKind;
  data: Record<string, unknown>;
}

/** Parse the SSE frames in `buffer`; returns the events and what is left of an unfinished frame. */
export function parseFrames(buffer: string): { events: CampaignEvent[]; rest: string; retry: number | null } {
  const events: CampaignEvent[] = [];
  let retry: number | null = null;
  const normalized = buffer.replace(/\r\n?/g, "\n");
  const frames = normalized.split("\n\n");
  const rest = frames.pop() ?? "";
  for (const frame of frames) {
    let id = "";
    let kind = "";
    const data: string[] = [];
    for (const line of frame.split("\n")) {
      if (line === "" || line.startsWith(":")) continue; // keep-alive comments
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") id = value;
      else if (field === "event") kind = value;
      else if (field === "data") data.push(value);
      else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
    }
    if (!kind && data.length === 0) continue;
    let parsed: Record<string, unknown> = {};
    try {
      const value: unknown = JSON.parse(data.join("\n") || "{}");
      if (typeof value === "object" && value !== null) parsed = value as Record<string, unknown>;
    } catch {
      parsed = {};
    }
    events.push({ id, kind: kind as EventKind, data: parsed });
  }
  return { events, rest, retry };
}

export interface StreamOptions {
  baseUrl: string;
  campaignId: string;
  token: string;
  onEvent: (event: CampaignEvent) => void;
  onStatus?: (connected: boolean) => void;
  lastEventId?: string | null;
  fetchImpl?: typeof fetch;
}

/** Follow the stream until `signal` aborts; reconnects (with Last-Event-ID) after a drop. */
export async function followEvents(options: StreamOptions, signal: AbortSignal): Promise<void> {
  const doFetch = options.fetchImpl ?? fetch;
  let lastId = options.lastEventId ?? null;
  let delay = 1000;
  while (!signal.aborted) {
    try {
      const headers: Record<string, string> = {
        Accept: "text/event-stream",
        Authorization: `Bearer ${options.token}`,
      };
      if (lastId) headers["Last-Event-ID"] = lastId;
      const response = await doFetch(`${options.baseUrl}/v1/campaigns/${options.campaignId}/events`, {
        headers,
        signal,
      });
      if (response.status === 401 || response.status === 403 || response.status === 404) return;
      if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
      options.onStatus?.(true);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const parsed = parseFrames(buffer);
        buffer = parsed.rest;
        if (parsed.retry !== null) delay = parsed.retry;
        for (const event of parsed.events) {
          if (event.id) lastId = event.id;
          options.onEvent(event);
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      void error;
    }
    options.onStatus?.(false);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
