// Army lists (R-ARMY-4, R-FOG-4, R-ARMY-7): attach one to an army (a file, or pasted text), see how
// it checks against the army's caps and what the server warned about, its losses and the army's
// battles, download its file, detach; and on a battle, both sides' lists as fielded, as the server
// shows them to its participants.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../../api/client.ts";
import { Disclosure } from "../../components/Disclosure.tsx";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { rosterQueries, useRosterActions } from "./api.ts";

/** A `.rosz` is a zip: it goes as base64. Every other list (JSON, XML, text) goes as its text. */
export function isBinaryList(filename: string): boolean {
  return /\.rosz$/i.test(filename);
}

/** The bytes in base64, in chunks (a spread of a 256 KiB array would overflow the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A file's bytes or text through FileReader (what every browser, and jsdom, has). */
function readFile(file: File, as: "text" | "bytes"): Promise<string | ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result ?? "");
    reader.onerror = () => reject(reader.error ?? new Error(`cannot read ${file.name}`));
    if (as === "text") reader.readAsText(file);
    else reader.readAsArrayBuffer(file);
  });
}

/** The file name a download's `Content-Disposition` gives (the server sends only plain characters). */
export function originalName(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? "roster";
}

/** Save a blob as a file, through a temporary link. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The PUT body for a chosen file. */
export async function uploadOfFile(file: File): Promise<Schemas["RosterUpload"]> {
  if (isBinaryList(file.name)) {
    const bytes = await readFile(file, "bytes");
    return { content: toBase64(new Uint8Array(bytes as ArrayBuffer)), base64: true, filename: file.name, format: "rosz" };
  }
  return { content: (await readFile(file, "text")) as string, base64: false, filename: file.name, format: null };
}

/** The list's check against the caps (fits, or by how much it exceeds each) and its warnings. */
export function RosterCheck({ roster }: { roster: Schemas["RosterRead"] }) {
  const { t } = useI18n();
  const c = roster.check;
  return (
    <div data-testid="roster-check" data-fits={c.fits}>
      <p className={c.fits ? "live" : "problem"}>
        <strong>{c.fits ? t("rosterFits") : t("rosterExceeds")}</strong> ({t("tier")} {c.tier}) · {t("armyPoints")} {c.army_points}/{c.army_points_cap}
        {c.army_points_excess > 0 ? ` (+${c.army_points_excess})` : ""} · {t("generalPoints")} {c.general_points}/{c.general_points_cap}
        {c.general_points_excess > 0 ? ` (+${c.general_points_excess})` : ""} <span className="muted">[R-ARMY-4]</span>
      </p>
      {roster.warnings.length > 0 ? (
        <ul className="notice" aria-label={t("rosterWarnings")}>
          {roster.warnings.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The list's units that lost models in confirmed battles (R-ARMY-7). */
export function RosterLosses({ roster }: { roster: Schemas["RosterRead"] }) {
  const { t } = useI18n();
  const losses = roster.losses ?? [];
  if (losses.length === 0) return null;
  return (
    <ul className="list" aria-label={t("rosterLosses")} data-testid="roster-losses">
      {losses.map((l) => (
        <li key={l.unit} data-state={l.state}>
          {l.name}: {t("modelsLost")} {l.lost}/{roster.units[l.unit]?.count ?? "?"} · {t(`unit_${l.state}`)} <span className="muted">[R-ARMY-7]</span>
        </li>
      ))}
    </ul>
  );
}

/** An army's battles to a confirmed result, oldest first (R-ARMY-7). */
export function VeteranHistory({ veteran }: { veteran: readonly Schemas["VeteranBattleRead"][] | undefined }) {
  const { t } = useI18n();
  if (!veteran || veteran.length === 0) return null;
  return (
    <details data-testid="veteran-history">
      <summary>
        {t("veteranHistory")} ({veteran.length})
      </summary>
      <ul className="list">
        {veteran.map((b) => (
          <li key={b.battle_id}>
            #{b.battle_id} · {t("turn")} {b.turn} · {t(b.side)} · {b.opponents.map((o) => o.name).join(", ")} · {t(`result_${b.result}`)} · {b.losses_pct}%
            {b.casualties.length > 0 ? <span className="muted"> · {b.casualties.map((c) => `${c.lost} ${c.name}`).join(", ")}</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One list: its name, faction, points, units, and its check. */
export function RosterView({ roster }: { roster: Schemas["RosterRead"] }) {
  const { t } = useI18n();
  return (
    <div className="roster">
      <p>
        <strong>{roster.name}</strong> · {roster.faction} · {roster.game_system} · {roster.total_points} pts
        {roster.filename ? <span className="muted"> · {roster.filename}</span> : null}
      </p>
      <RosterCheck roster={roster} />
      <RosterLosses roster={roster} />
      <details>
        <summary>
          {t("rosterUnits")} ({roster.units.length})
        </summary>
        <ul className="list">
          {roster.units.map((u, i) => (
            <li key={i}>
              {u.count > 1 ? `${u.count} × ` : ""}
              {u.name} · {u.points} pts{u.general ? ` · ${t("general")}` : ""}
              {u.options ? <span className="muted"> · {u.options}</span> : null}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** The army's list: attach (a file or pasted text), its check, detach. A refusal keeps the paste. */
export function RosterPanel({
  campaignId,
  armyId,
  veteran,
}: {
  campaignId: string;
  armyId: number;
  veteran?: readonly Schemas["VeteranBattleRead"][] | undefined;
}) {
  const { t } = useI18n();
  // An army without a list answers 404 (as one that is not yours, R-FOG-3): asked once opened.
  return (
    <section aria-labelledby={`roster-title-${armyId}`} data-testid="roster-panel">
      <h3 id={`roster-title-${armyId}`}>
        {t("armyList")} #{armyId}
      </h3>
      <VeteranHistory veteran={veteran} />
      <Disclosure summary={t("showList")}>
        <RosterBody campaignId={campaignId} armyId={armyId} />
      </Disclosure>
    </section>
  );
}

function RosterBody({ campaignId, armyId }: { campaignId: string; armyId: number }) {
  const { t } = useI18n();
  const { api } = useSession();
  const roster = useQuery(rosterQueries.roster(api, campaignId, armyId));
  const { attach, detach, download } = useRosterActions(campaignId, armyId);
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0); // remounts the file input to clear it
  const attachList = () =>
    attach.mutate(file ? () => uploadOfFile(file) : { content: text, base64: false, filename: null, format: null }, {
      onSuccess: () => {
        setText("");
        setFile(null);
        setFileKey((k) => k + 1);
      },
    });
  const fileId = `roster-file-${armyId}`;
  const textId = `roster-text-${armyId}`;
  return (
    <>
      <ProblemView error={roster.error} />
      {roster.data ? (
        <>
          <RosterView roster={roster.data} />
          <div className="buttons">
            <button type="button" onClick={() => download.mutate((blob, disposition) => saveBlob(blob, originalName(disposition)))} disabled={download.isPending}>
              {t("downloadList")}
            </button>
            <button type="button" onClick={() => detach.mutate()} disabled={detach.isPending}>
              {t("detachList")}
            </button>
          </div>
          <ProblemView error={download.error} />
        </>
      ) : roster.isSuccess ? (
        <p className="muted">{t("noList")}</p>
      ) : null}
      <ProblemView error={detach.error} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          attachList();
        }}
      >
        <label htmlFor={fileId}>{t("listFile")}</label>
        <input key={fileKey} id={fileId} type="file" accept=".json,.ros,.rosz,.txt,text/plain,application/json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <label htmlFor={textId}>{t("listPaste")}</label>
        <textarea id={textId} rows={5} value={text} disabled={file !== null} onChange={(e) => setText(e.target.value)} />
        <ProblemView error={attach.error} />
        <button type="submit" disabled={attach.isPending || (!file && text.trim() === "")}>
          {roster.data ? t("replaceList") : t("attachList")}
        </button>
      </form>
    </>
  );
}

/** Both sides' lists on a battle (the server sends them to its participants and the game master). */
export function BattleRosters({ rosters }: { rosters: readonly Schemas["BattleRosterRead"][] | null | undefined }) {
  const { t } = useI18n();
  if (!rosters || rosters.length === 0) return null;
  return (
    <details className="battle-rosters" data-testid="battle-rosters">
      <summary>{t("armyLists")}</summary>
      {rosters.map((r) => (
        <div key={`${r.side}-${r.army_id}`} data-side={r.side}>
          <h5>
            {t(r.side)} · #{r.army_id}
            {r.exceeds_caps ? ` · ${t("rosterExceeds")}` : ""}
          </h5>
          <RosterView roster={r.roster} />
        </div>
      ))}
    </details>
  );
}
