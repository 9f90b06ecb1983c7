// The server's problem as the player needs it: its detail, the rule id (linking the rulebook
// section when the server gives one) and the fields it named.
import { ApiError } from "../api/client.ts";
import { MessageError, useI18n } from "../i18n.tsx";
import { isNetworkError } from "../lib/network.ts";

export function ProblemView({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (!error) return null;
  // No answer at all (fetch's TypeError: "Failed to fetch", "Load failed"…): the banner of
  // src/pwa/Banners.tsx says the network is away; here, in the player's language, what it cost.
  if (isNetworkError(error)) {
    return (
      <p role="alert" className="problem">
        {t("networkError")}
      </p>
    );
  }
  if (!(error instanceof ApiError)) {
    return (
      <p role="alert" className="problem">
        {error instanceof MessageError
          ? t(error.key)
          : error instanceof Error
            ? error.message
            : typeof error === "string"
              ? error
              : t("error")}
      </p>
    );
  }
  const { problem } = error;
  return (
    <div role="alert" className="problem" data-code={problem.code ?? ""}>
      <strong>
        {t("error")} ({problem.status})
      </strong>
      : {problem.detail}
      {problem.code ? (
        <>
          {" "}
          <span className="rule">
            [{t("rule")}{" "}
            {problem.help ? (
              <a href={problem.help} target="_blank" rel="noreferrer">
                {problem.code}
              </a>
            ) : (
              <code>{problem.code}</code>
            )}
            ]
          </span>
        </>
      ) : null}
      {problem.violations.length > 0 ? (
        <ul>
          {problem.violations.map((v, i) => (
            <li key={i}>
              <code>{v.field}</code>: {v.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
