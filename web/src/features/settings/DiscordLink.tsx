// Discord (issue 46 §3): the account's link to a Discord user, made by a one-time code typed in
// Discord (`/marchlords link code:<code>`), shown with when it expires; the linked state; unlink.
import { useQuery } from "@tanstack/react-query";
import { ProblemView } from "../../components/ProblemView.tsx";
import { fill, useI18n } from "../../i18n.tsx";
import { useSession } from "../../lib/session.tsx";
import { accountQueries, useDiscordActions } from "./api.ts";

export function DiscordLink() {
  const { t, lang } = useI18n();
  const { api } = useSession();
  const link = useQuery(accountQueries.discordLink(api));
  const { code, unlink } = useDiscordActions();
  const time = new Intl.DateTimeFormat(lang, { timeStyle: "short" });
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium" });
  const linked = link.data?.linked === true;
  return (
    <section className="card" aria-labelledby="discord-title">
      <h2 id="discord-title">{t("discordTitle")}</h2>
      <p className="muted">{t("discordHelp")}</p>
      <ProblemView error={link.error} />
      {linked ? (
        <p role="status" data-testid="discord-state">
          {fill(t("discordLinked"), { date: link.data?.linked_at ? date.format(new Date(link.data.linked_at)) : "" })}{" "}
          <button type="button" onClick={() => unlink.mutate()} disabled={unlink.isPending}>
            {t("discordUnlink")}
          </button>
        </p>
      ) : link.data ? (
        <p role="status" data-testid="discord-state" className="muted">
          {t("discordNotLinked")}
        </p>
      ) : null}
      <button type="button" onClick={() => code.mutate()} disabled={code.isPending}>
        {linked ? t("discordRelink") : t("discordLinkButton")}
      </button>
      {code.data ? (
        <p className="notice">
          {t("discordType")}
          <code className="command" data-testid="discord-command">
            /marchlords link code:{code.data.code}
          </code>
          <span className="muted">{fill(t("discordExpires"), { time: time.format(new Date(code.data.expires_at)) })}</span>
        </p>
      ) : null}
      <ProblemView error={code.error ?? unlink.error} />
    </section>
  );
}
