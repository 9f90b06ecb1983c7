// The banners of an installed (or merely cached) client: "You are offline" while the network
// is away (what is shown may be old, and nothing can be sent), and "A new version is ready"
// with a reload button when the service worker installed one.
import { useI18n } from "../../i18n.tsx";
import { acceptUpdate, usePwaStatus } from "../../lib/network.ts";

export function PwaBanners() {
  const { t } = useI18n();
  const { offline, updateReady } = usePwaStatus();
  return (
    <>
      {offline ? (
        <div className="banner offline-banner" role="status" data-testid="offline-banner">
          <strong>{t("offlineTitle")}</strong> {t("offlineHelp")}
        </div>
      ) : null}
      {updateReady ? (
        <div className="banner update-banner" role="status" data-testid="update-banner">
          {t("updateReady")}{" "}
          <button type="button" className="primary" onClick={acceptUpdate}>
            {t("updateReload")}
          </button>
        </div>
      ) : null}
    </>
  );
}
