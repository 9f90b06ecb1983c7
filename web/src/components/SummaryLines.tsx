// A turn's summary told as sentences (src/lib/sentences.ts), never as keys or JSON (issue 44).
import type { Schemas } from "../api/client.ts";
import { sentence, type Words } from "../lib/sentences.ts";

/** A turn's summary lines told as sentences, with the tiles they happened on and their rule. */
export function SummaryLines({ events, words, testId }: { events: readonly Schemas["SummaryEvent"][]; words: Words; testId?: string }) {
  return (
    <ul className="list" data-testid={testId}>
      {events.map((e, i) => (
        <li key={i} data-kind={e.kind}>
          {sentence(e.kind, e.data, words)}
          {e.coords.length ? <span className="muted"> · {e.coords.map((c) => `(${c.join(", ")})`).join(" ")}</span> : null}{" "}
          <span className="muted">[{e.rule}]</span>
        </li>
      ))}
    </ul>
  );
}

