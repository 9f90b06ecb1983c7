// A part of a page asked of the server only once the player opens it. For what is absent by
// design until the player makes it (an email address, a substitute listing, an army list) the
// server answers 404, which the browser logs as an error on every visit of the page; asked when
// opened, it is asked by someone who wants to see it, and its 404 is shown as "none".
import { useId, useState, type ReactNode } from "react";

export function Disclosure({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="disclosure">
      <button type="button" className="disclosure-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {summary}
      </button>
      <div id={id} hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
