import { useEffect } from "react";
import { Outlet } from "react-router-dom";
import { BrandMark } from "../../components/brand-mark";
import { partner } from "../../config/partner";
import { firstScreenShown } from "../../lib/preload-when-idle";
import { SiteFooter } from "../shell/site-footer";
import { useMessagesFromState } from "../shell/use-messages-from-state";
import { notePageShown } from "../shell/use-page-focus";

export function AuthLayout() {
  useMessagesFromState();
  useEffect(() => {
    notePageShown();
    firstScreenShown();
  }, []);
  return (
    <div className="auth-layout">
      <header className="auth-layout__header">
        <BrandMark size={40} />
        <p className="brand__name">{partner.name}</p>
      </header>
      <Outlet />
      <SiteFooter />
    </div>
  );
}
