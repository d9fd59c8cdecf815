import { Link } from "react-aria-components";
import { partner } from "../../config/partner";
import { useLanguage } from "../../i18n/use-language";
import type { ClientSnapshot } from "../profile/client-snapshot";
import { AccountButton } from "./account-button";
import { LogoBanner } from "./logo-banner";
import * as shellMessages from "./shell-messages";
import { SyncStatusIndicator } from "./sync-status-indicator";

export function SiteHeader({ snapshot }: { snapshot: ClientSnapshot }) {
  const { t } = useLanguage();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        {/* Named by its own text, the institution's name; the logo is the banner's, below. */}
        <Link href="/about" className="brand">
          <span className="brand__name">{partner.name}</span>
          <span className="visually-hidden"> {t(shellMessages.applicationHome)}</span>
        </Link>
        <div className="site-header__tools">
          <SyncStatusIndicator visitor={!snapshot.is_logged_in && !snapshot.is_service_user} />
          <AccountButton snapshot={snapshot} />
        </div>
      </div>
      <LogoBanner />
    </header>
  );
}
