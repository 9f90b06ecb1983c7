// A campaign's house rules: the amendments, their editor and their history.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { gameSystemName } from "../../lib/gameSystems.ts";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { campaignQueries, useHouseRules } from "./api.ts";

/** The house rules: every member reads them and their changes; the owner adds, edits in place
 * and removes amendments. */
export function HouseRulesPanel({ campaign }: { campaign: Schemas["CampaignRead"] }) {
  const { t, label } = useI18n();
  const { api } = useSession();
  const rules = useQuery(campaignQueries.houseRules(api, campaign.id));
  const [kind, setKind] = useState<Schemas["AmendmentKind"]>("add");
  const [section, setSection] = useState("");
  const [page, setPage] = useState("");
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<number | null>(null);
  const { add, remove } = useHouseRules(campaign.id, () => setText(""));
  return (
    <section className="card" aria-labelledby="house-title" data-testid="house-rules">
      <h2 id="house-title">{t("houseRules")}</h2>
      <ProblemView error={rules.error} />
      {rules.data ? (
        <p className="muted">
          {label("gameSystem")} {gameSystemName(rules.data.game_system, t("customGameSystem"))}
        </p>
      ) : null}
      {rules.data?.amendments.length === 0 ? <p className="muted">{t("none")}</p> : null}
      <ol>
        {rules.data?.amendments.map((a) =>
          editing === a.id ? (
            <li key={a.id}>
              <AmendmentEditor campaignId={campaign.id} amendment={a} count={rules.data?.amendments.length ?? 1} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={a.id}>
              <strong>
                {t(a.kind)} · {a.section}
                {a.page ? ` (p. ${a.page})` : ""}
              </strong>
              : {a.text}
              {campaign.is_owner ? (
                <>
                  {" "}
                  <button type="button" onClick={() => setEditing(a.id)}>
                    {t("edit")} · {a.section}
                  </button>{" "}
                  <button type="button" onClick={() => remove.mutate(a.id)} disabled={remove.isPending}>
                    {t("delete")} · {a.section}
                  </button>
                </>
              ) : null}
            </li>
          ),
        )}
      </ol>
      <HouseRuleChanges campaignId={campaign.id} />
      <ProblemView error={remove.error} />
      {campaign.is_owner ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate({ kind, section, page: page || null, text });
          }}
        >
          <div className="grid4">
            <label>
              {t("kind")}
              <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as Schemas["AmendmentKind"])}>
                {(["add", "replace", "remove"] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(k)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("section")}
              <input name="section" required value={section} onChange={(e) => setSection(e.target.value)} />
            </label>
            <label>
              {t("page")}
              <input name="page" value={page} onChange={(e) => setPage(e.target.value)} />
            </label>
          </div>
          <label>
            {t("amendmentText")}
            <textarea name="text" required value={text} onChange={(e) => setText(e.target.value)} />
          </label>
          <ProblemView error={add.error} />
          <button type="submit" disabled={add.isPending}>
            {t("addAmendment")}
          </button>
        </form>
      ) : null}
    </section>
  );
}

export interface AmendmentForm {
  kind: Schemas["AmendmentKind"];
  section: string;
  page: string;
  text: string;
  position: string;
}

/** The PATCH body of an edited amendment: only what changed (an empty page clears it). */
export function amendmentPatch(original: Schemas["HouseRuleRead"], form: AmendmentForm): Schemas["HouseRuleUpdate"] {
  const patch: Schemas["HouseRuleUpdate"] = {};
  if (form.kind !== original.kind) patch.kind = form.kind;
  if (form.section.trim() !== original.section) patch.section = form.section.trim();
  const page = form.page.trim() || null;
  if (page !== (original.page ?? null)) patch.page = page;
  if (form.text !== original.text) patch.text = form.text;
  const position = Number.parseInt(form.position, 10);
  if (Number.isFinite(position) && position !== original.position) patch.position = position;
  return patch;
}

/** One amendment edited where it stands; the form keeps its input when the server refuses. */
function AmendmentEditor({
  campaignId,
  amendment,
  count,
  onDone,
}: {
  campaignId: string;
  amendment: Schemas["HouseRuleRead"];
  count: number;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const [form, setForm] = useState<AmendmentForm>({
    kind: amendment.kind,
    section: amendment.section,
    page: amendment.page ?? "",
    text: amendment.text,
    position: String(amendment.position),
  });
  const { edit: save } = useHouseRules(campaignId);
  const id = `amendment-${amendment.id}`;
  return (
    <form
      aria-label={`${t("edit")} · ${amendment.section}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: amendment.id, body: amendmentPatch(amendment, form) }, { onSuccess: onDone });
      }}
    >
      <div className="grid4">
        <label htmlFor={`${id}-kind`}>
          {t("kind")}
          <select id={`${id}-kind`} value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as Schemas["AmendmentKind"] })}>
            {(["add", "replace", "remove"] as const).map((k) => (
              <option key={k} value={k}>
                {t(k)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-section`}>
          {t("section")}
          <input id={`${id}-section`} required value={form.section} onChange={(e) => setForm({ ...form, section: e.target.value })} />
        </label>
        <label htmlFor={`${id}-page`}>
          {t("page")}
          <input id={`${id}-page`} value={form.page} onChange={(e) => setForm({ ...form, page: e.target.value })} />
        </label>
        <label htmlFor={`${id}-position`}>
          {t("position")}
          <input id={`${id}-position`} type="number" min={1} max={count} value={form.position} onChange={(e) => setForm({ ...form, position: e.target.value })} />
        </label>
      </div>
      <label htmlFor={`${id}-text`}>
        {t("amendmentText")}
        <textarea id={`${id}-text`} required value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} />
      </label>
      <ProblemView error={save.error} />
      <button type="submit" className="primary" disabled={save.isPending}>
        {t("saveAmendment")}
      </button>{" "}
      <button type="button" onClick={onDone}>
        {t("cancel")}
      </button>
    </form>
  );
}

/** Every change to the house rules, newest first, with its author and time (R-HOUSE-1). */
function HouseRuleChanges({ campaignId }: { campaignId: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const [open, setOpen] = useState(false);
  const changes = useQuery(campaignQueries.houseRuleChanges(api, campaignId, open));
  const section = (side: Record<string, unknown> | null | undefined) => (side && typeof side["section"] === "string" ? side["section"] : "");
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="house-rule-changes">
      <summary>{t("houseRuleChanges")}</summary>
      <ProblemView error={changes.error} />
      <ul className="list">
        {changes.data?.items.map((c) => (
          <li key={c.id}>
            <time dateTime={c.at}>{new Date(c.at).toLocaleString()}</time> · {c.author} · {c.action} · {section(c.after) || section(c.before)}
          </li>
        ))}
      </ul>
    </details>
  );
}
