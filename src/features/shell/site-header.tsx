import { Link } from "react-aria-components";
import { BrandMark } from "../../components/brand-mark";
import { partner } from "../../config/partner";
import type { ClientSnapshot } from "../profile/client-snapshot";
import { AccountButton } from "./account-button";
import { SyncStatusIndicator } from "./sync-status-indicator";

export function SiteHeader({ snapshot }: { snapshot: ClientSnapshot }) {
  return (
    <header className="site-header">
      <div className="site-header__bar">
        {/* The logo is decorative: the link is named by its own text, the institution's name. */}
        <Link href="/about" className="brand">
          <BrandMark size={36} />
          <span className="brand__name">{partner.name}</span>
          <span className="visually-hidden"> application home</span>
        </Link>
        <div className="site-header__tools">
          <SyncStatusIndicator />
          <AccountButton snapshot={snapshot} />
        </div>
      </div>
      <div className="logo-banner">
        <p className="logo-banner__title">{partner.applicationTitle}</p>
        <p className="logo-banner__term">{partner.terms.current}</p>
      </div>
    </header>
  );
}
