import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ok, type Schemas } from "../api/client.ts";
import { ProblemView } from "../components/ProblemView.tsx";
import { useI18n } from "../i18n.tsx";
import { Link, navigate } from "../router.tsx";
import { useSession } from "../session.tsx";
import { Tokens } from "./Tokens.tsx";

export function Campaigns() {
  const { t } = useI18n();
  const { api } = useSession();
  const campaigns = useQuery({
    queryKey: ["campaigns"],
    queryFn: async () => ok(await api.GET("/v1/campaigns", { params: { query: { limit: 100 } } })),
  });
  return (
    <div className="columns">
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
      <CreateCampaign />
      <JoinCampaign />
      <Tokens />
    </div>
  );
}

function CreateCampaign() {
  const { t } = useI18n();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const maps = useQuery({
    queryKey: ["maps"],
    queryFn: async () => ok(await api.GET("/v1/maps", { params: { query: { limit: 100 } } })),
  });
  const [name, setName] = useState("");
  const [source, setSource] = useState<"builtin" | "generated">("builtin");
  const [mapId, setMapId] = useState("");
  const [size, setSize] = useState({ width: 24, height: 18, players: 4, seed: 1 });
  const [wrap, setWrap] = useState<Schemas["Wrap"]>("none");
  const [maxPlayers, setMaxPlayers] = useState(8);
  const [deadline, setDeadline] = useState("");
  const [options, setOptions] = useState({ storms: false, seasons: false, anonymity: false });
  const create = useMutation({
    mutationFn: async () => {
      const settings: Schemas["CampaignSettings"] = {
        max_players: maxPlayers,
        storms: options.storms,
        seasons: options.seasons,
        anonymity: options.anonymity,
        turn_deadline_hours: deadline ? Number(deadline) : null,
      } as Schemas["CampaignSettings"];
      const chosen = mapId || maps.data?.items[0]?.id || "";
      const body: Schemas["CampaignCreate"] =
        source === "builtin"
          ? { name, map_id: chosen, settings }
          : { name, generate_map: { ...size, wrap }, settings };
      return ok(await api.POST("/v1/campaigns", { body }));
    },
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: ["campaigns"] });
      navigate(`/campaigns/${created.id}`);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
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
          {source === "builtin" ? (
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
                  <option value="none">none</option>
                  <option value="horizontal">horizontal</option>
                  <option value="torus">torus</option>
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
            <input type="number" min={1} value={deadline} onChange={(e) => setDeadline(e.target.value)} />
          </label>
          {(["storms", "seasons", "anonymity"] as const).map((key) => (
            <label key={key} className="inline">
              <input type="checkbox" checked={options[key]} onChange={(e) => setOptions({ ...options, [key]: e.target.checked })} />
              {t(key)}
            </label>
          ))}
        </fieldset>
        <ProblemView error={create.error} />
        <button type="submit" disabled={create.isPending}>
          {t("create")}
        </button>
      </form>
    </section>
  );
}

export function JoinCampaign({ initialId = "", initialCode = "" }: { initialId?: string; initialCode?: string }) {
  const { t } = useI18n();
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [campaignId, setCampaignId] = useState(initialId);
  const [code, setCode] = useState(initialCode);
  const join = useMutation({
    mutationFn: async () =>
      ok(
        await api.POST("/v1/campaigns/{campaign_id}/players", {
          params: { path: { campaign_id: campaignId.trim() } },
          body: { invite_code: code.trim() },
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["campaigns"] });
      await queryClient.invalidateQueries({ queryKey: ["campaign", campaignId.trim()] });
      navigate(`/campaigns/${campaignId.trim()}`);
    },
  });
  return (
    <section className="card" aria-labelledby="join-title">
      <h2 id="join-title">{t("joinCampaign")}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          join.mutate();
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
