// The server's problem as the player needs it: its detail, the rule id (linking the rulebook
// section when the server gives one) and the fields it named.
import { ApiError } from "../api/client.ts";
import { MessageError, useI18n } from "../i18n.tsx";
import { isNetworkError } from "../lib/network.ts";

/** A rule (R-MOVE-1) or a family of rules (R-FAC), as the server says (app/platform/errors). */
const RULE_ID = /^R-[A-Z]+(?:-[0-9]+)?$/;

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
      {/* A rule id (R-MOVE-1) is shown and linked; another code (`not_found`) is for programs. */}
      {problem.code && RULE_ID.test(problem.code) ? (
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
