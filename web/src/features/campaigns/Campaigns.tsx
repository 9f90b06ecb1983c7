import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { Schemas } from "../../api/client.ts";
import { ProblemView } from "../../components/ProblemView.tsx";
import { SchedulePicker, type TurnSchedule } from "./Schedule.tsx";
import { useI18n } from "../../i18n.tsx";
import { Link, navigate } from "../../lib/router.tsx";
import { useSession } from "../../lib/session.tsx";
import { campaignQueries, useCreateCampaign, useJoinCampaign } from "./api.ts";

/** My campaigns (the first page of `GET /v1/campaigns`), each a link to its page. */
export function Campaigns() {
  const { t } = useI18n();
  const { api } = useSession();
  const campaigns = useQuery(campaignQueries.mine(api));
  return (
    <section className="card" aria-labelledby="campaigns-title">
      <h2 id="campaigns-title">{t("campaigns")}</h2>
      {campaigns.isPending ? <p>{t("loading")}</p> : null}
      <ProblemView error={campaigns.error} />
      {campaigns.data?.items.length === 0 ? <p>{t("noCampaigns")}</p> : null}
      <ul className="list">
        {campaigns.data?.items.map((c) => (
          <li key={c.id}>
            <Link to={`/campaigns/${c.id}`}>{c.name}</Link>{" "}
            <span className="muted">
              {c.status === "lobby" ? t("lobby") : `${t("turn")} ${c.turn}`} · {c.players} {t("players").toLowerCase()}
              {c.is_owner ? ` · ${t("owner")}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CreateCampaign() {
  const { t } = useI18n();
  const { api } = useSession();
  const maps = useQuery(campaignQueries.maps(api));
  const [name, setName] = useState("");
  const [source, setSource] = useState<"builtin" | "generated" | "upload">("builtin");
  const [upload, setUpload] = useState<{ name: string; text: string } | null>(null);
  const [variant, setVariant] = useState("");
  const [mapId, setMapId] = useState("");
  const [size, setSize] = useState({ width: 24, height: 18, players: 4, seed: 1 });
  const [wrap, setWrap] = useState<Schemas["Wrap"]>("none");
  const [maxPlayers, setMaxPlayers] = useState(8);
  const [deadline, setDeadline] = useState("");
  const [schedule, setSchedule] = useState<TurnSchedule | null>(null);
  const [vacationDays, setVacationDays] = useState("");
  const [options, setOptions] = useState({ storms: false, seasons: false, anonymity: false });
  // The automatic turn change is offered, with what it does; off unless chosen (the server's default).
  const [autoResolve, setAutoResolve] = useState(false);
  const [deadlineAutoChange, setDeadlineAutoChange] = useState(false);
  const create = useCreateCampaign((created) => navigate(`/campaigns/${created.id}`));
  const makeBody = async (keepMap: (document: Schemas["MapDocument"]) => Promise<string>): Promise<Schemas["CampaignCreate"]> => {
    const settings: Schemas["CampaignSettings"] = {
      max_players: maxPlayers,
      storms: options.storms,
      seasons: options.seasons,
      anonymity: options.anonymity,
      auto_resolve: autoResolve,
      deadline_auto_change: deadline && !schedule ? deadlineAutoChange : false,
      turn_deadline_hours: deadline && !schedule ? Number(deadline) : null,
      turn_schedule: schedule,
      ...(vacationDays ? { vacation_days: Number(vacationDays) } : {}),
    } as Schemas["CampaignSettings"];
    const ruleset = parseJsonField(variant, t("rulesetVariant")) as Schemas["RulesetVariant"] | null;
    let chosen = mapId || maps.data?.items[0]?.id || "";
    if (source === "upload") {
      // The uploaded map is validated and kept first (R-MAP), then the campaign is made on it.
      const document = parseJsonField(upload?.text ?? "", t("mapFile")) as Schemas["MapDocument"] | null;
      if (!document) throw new Error(t("mapFileMissing"));
      chosen = await keepMap(document);
      setSource("builtin");
      setMapId(chosen);
    }
    return source === "generated" ? { name, generate_map: { ...size, wrap }, settings, ruleset } : { name, map_id: chosen, settings, ruleset };
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(makeBody);
  }
  const number = (key: keyof typeof size) => (
    <label>
      {t(key)}
      <input type="number" value={size[key]} onChange={(e) => setSize({ ...size, [key]: Number(e.target.value) })} />
    </label>
  );
  return (
    <section className="card" aria-labelledby="create-title">
      <h2 id="create-title">{t("createCampaign")}</h2>
      <form onSubmit={submit}>
        <label>
          {t("name")}
          <input name="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <fieldset>
          <legend>{t("map")}</legend>
          <label className="inline">
            <input type="radio" name="source" checked={source === "builtin"} onChange={() => setSource("builtin")} />
            {t("builtinMap")}
          </label>
          <label className="inline">
            <input type="radio" name="source" checked={source === "generated"} onChange={() => setSource("generated")} />
            {t("generatedMap")}
          </label>
          <label className="inline">
            <input type="radio" name="source" checked={source === "upload"} onChange={() => setSource("upload")} />
            {t("uploadMap")}
          </label>
          {source === "upload" ? (
            <label>
              {t("mapFile")}
              <input
                type="file"
                name="map_file"
                accept="application/json,.json"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void file.text().then((text) => setUpload({ name: file.name, text }));
                }}
              />
              {upload ? <span className="muted">{upload.name}</span> : null}
            </label>
          ) : source === "builtin" ? (
            <label>
              {t("map")}
              <select name="map_id" value={mapId} onChange={(e) => setMapId(e.target.value)}>
                {maps.data?.items.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name} ({m.width}×{m.height}, {m.slots})
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <div className="grid4">
              {number("width")}
              {number("height")}
              {number("players")}
              {number("seed")}
              <label>
                {t("wrap")}
                <select value={wrap} onChange={(e) => setWrap(e.target.value as Schemas["Wrap"])}>
                  <option value="none">{t("wrap_none")}</option>
                  <option value="horizontal">{t("wrap_horizontal")}</option>
                  <option value="torus">{t("wrap_torus")}</option>
                </select>
              </label>
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend>{t("fogOptions")}</legend>
          <label>
            {t("maxPlayers")}
            <input type="number" min={2} value={maxPlayers} onChange={(e) => setMaxPlayers(Number(e.target.value))} />
          </label>
          <label>
            {t("turnDeadlineHours")}
            <input type="number" min={1} value={deadline} disabled={schedule !== null} onChange={(e) => setDeadline(e.target.value)} />
          </label>
          <SchedulePicker value={schedule} onChange={setSchedule} />
          <label className="inline">
            <input type="checkbox" name="auto_resolve" checked={autoResolve} aria-describedby="auto-resolve-help" onChange={(e) => setAutoResolve(e.target.checked)} />
            {t("autoResolve")}
          </label>
          <p className="muted" id="auto-resolve-help">
            {t("autoResolveHelp")}
          </p>
          {deadline ? (
            <label className="inline">
              <input type="checkbox" name="deadline_auto_change" checked={deadlineAutoChange} onChange={(e) => setDeadlineAutoChange(e.target.checked)} />
              {t("deadlineAutoChange")}
            </label>
          ) : null}
          <label>
            {t("vacationDaysPerSeat")}
            <input type="number" min={0} name="vacation_days" value={vacationDays} onChange={(e) => setVacationDays(e.target.value)} />
          </label>
          {(["storms", "seasons", "anonymity"] as const).map((key) => (
            <label key={key} className="inline">
              <input type="checkbox" checked={options[key]} onChange={(e) => setOptions({ ...options, [key]: e.target.checked })} />
              {t(key)}
            </label>
          ))}
        </fieldset>
        <label>
          {t("rulesetVariant")}
          <textarea name="ruleset" rows={3} value={variant} placeholder='{"starting_gold": 20}' onChange={(e) => setVariant(e.target.value)} />
        </label>
        <p className="muted">{t("houseRulesLater")}</p>
        <ProblemView error={create.error} />
        <button type="submit" disabled={create.isPending}>
          {t("create")}
        </button>
      </form>
    </section>
  );
}

/** A JSON text field's value (empty: null); a clear message, not a server call, when malformed. */
export function parseJsonField(text: string, label: string): unknown {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${label}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function JoinCampaign({ initialId = "", initialCode = "" }: { initialId?: string; initialCode?: string }) {
  const { t } = useI18n();
  const [campaignId, setCampaignId] = useState(initialId);
  const [code, setCode] = useState(initialCode);
  const join = useJoinCampaign((id) => navigate(`/campaigns/${id}`));
  return (
    <section className="card" aria-labelledby="join-title">
      <h2 id="join-title">{t("joinCampaign")}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          join.mutate({ campaignId: campaignId.trim(), code: code.trim() });
        }}
      >
        <label>
          {t("campaignId")}
          <input name="campaign_id" required value={campaignId} onChange={(e) => setCampaignId(e.target.value)} />
        </label>
        <label>
          {t("inviteCode")}
          <input name="invite_code" required value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
        <ProblemView error={join.error} />
        <button type="submit" disabled={join.isPending}>
          {t("join")}
        </button>
      </form>
    </section>
  );
}
