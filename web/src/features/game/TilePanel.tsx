// A hex of the map: what the player sees there, and going to a hex by its coordinates.
import { useState } from "react";
import { ProblemView } from "../../components/ProblemView.tsx";
import { useI18n } from "../../i18n.tsx";
import { type Coord } from "../../lib/hex.ts";
import { useSession } from "../../lib/session.tsx";
import { RaiseForm } from "../generals/index.ts";
import { useWords } from "./History.tsx";
import { useTile } from "./api.ts";

export function GoToTile({ onGo }: { onGo: (c: Coord) => void }) {
  const { t } = useI18n();
  const [q, setQ] = useState("");
  const [r, setR] = useState("");
  return (
    <form
      className="goto"
      onSubmit={(e) => {
        e.preventDefault();
        if (q !== "" && r !== "") onGo([Number(q), Number(r)]);
      }}
    >
      <label>
        q <input type="number" name="q" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      <label>
        r <input type="number" name="r" value={r} onChange={(e) => setR(e.target.value)} />
      </label>
      <button type="submit">{t("goToTile")}</button>
    </form>
  );
}

export function TilePanel({ campaignId, coord }: { campaignId: string; coord: Coord | null }) {
  const { t } = useI18n();
  const words = useWords(campaignId);
  const { api } = useSession();
  const { tile, build } = useTile(api, campaignId, coord);
  if (!coord) return <p className="muted">{t("goToTile")}</p>;
  const d = tile.data;
  return (
    <div data-testid="tile-panel">
      <h3>
        {t("tile")} ({coord[0]}, {coord[1]})
      </h3>
      <ProblemView error={tile.error} />
      {d ? (
        <dl>
          <dt>{t("status")}</dt>
          <dd data-testid="tile-fog">{t(d.fog)}</dd>
          {d.name ? (
            <>
              <dt>{t("name")}</dt>
              <dd>{d.name}</dd>
            </>
          ) : null}
          <dt>{t("terrain")}</dt>
          <dd>
            {d.terrain ? t(`terrain_${d.terrain}`) : "?"}
            {d.tags?.length ? ` (${d.tags.map((tag) => t(`tag_${tag}`)).join(", ")})` : ""}
          </dd>
          {d.owner ? (
            <>
              <dt>{t("tileOwner")}</dt>
              <dd data-testid="tile-owner">{words.player(d.owner)}</dd>
            </>
          ) : null}
          {d.structure ? (
            <>
              <dt>{t("structure")}</dt>
              <dd>
                {t(`structure_${d.structure.kind}`)} · {t("level")} {d.structure.level ?? "?"}
                {"capital" in d.structure && d.structure.capital ? ` · ${t("capital")}` : ""}
              </dd>
            </>
          ) : null}
          {d.armies?.length ? (
            <>
              <dt>{t("armies")}</dt>
              <dd>
                {d.armies.map((a) => `#${a.id} (${words.player(a.owner)}, ${t("tier")} ${a.tier})`).join(", ")}
              </dd>
            </>
          ) : null}
          {d.ships?.length ? (
            <>
              <dt>{t("ships")}</dt>
              <dd>{d.ships.map((s) => `#${s.id} (${words.player(s.owner)})`).join(", ")}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {d?.accepts?.length ? (
        <>
          <h4>{t("accepts")}</h4>
          <ul className="list">
            {d.accepts.map((o) => (
              <li key={o.kind}>
                <button type="button" disabled={!o.allowed || build.isPending} onClick={() => build.mutate(o)}>
                  {t(`build_${o.kind}`)} · {t("cost")} {o.cost}
                </button>
                {!o.allowed && o.reason ? (
                  <span className="muted">
                    {" "}
                    {o.reason} [{o.rule}]
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ProblemView error={build.error} />
      {d?.structure && "id" in d.structure && d.structure.kind === "city" && d.owner !== null && d.structure.id ? (
        <RaiseForm campaignId={campaignId} cityId={d.structure.id} />
      ) : null}
    </div>
  );
}
