import { Suspense, useState } from "react";
import { Button, Link } from "react-aria-components";
import { partner } from "../../config/partner";
import { LanguageSwitch } from "../../i18n/language-switch";
import { useLanguage } from "../../i18n/use-language";
import { lazyPart } from "../../lib/load-part";
import { preloadWhenIdle } from "../../lib/preload-when-idle";
import { useInstallOffer } from "../pwa/install-offer";
import type { FooterDialog } from "./footer-dialogs";
import * as shellMessages from "./shell-messages";

// Dialog code is not needed for the first screen.
const loadDialogs = () => import("./footer-dialogs");
const FooterDialogs = lazyPart(() => loadDialogs().then((m) => ({ default: m.FooterDialogs })));
preloadWhenIdle(loadDialogs);
// Shown while the browser offers installation only (install-offer.ts listens from the start).
const InstallAction = lazyPart(() =>
  import("../pwa/install-action").then((m) => ({ default: m.InstallAction })),
);
// Shown on iOS Safari only, and after the page's questions: not a first screen's code (issue 35).
const IosInstallHint = lazyPart(() =>
  import("../pwa/ios-install-hint").then((m) => ({ default: m.IosInstallHint })),
);

/** Spec §1 footer: Help, Privacy, the language switch (issue 35) and the admission office's address. */
export function SiteFooter() {
  const { t } = useLanguage();
  const [dialog, setDialog] = useState<FooterDialog | null>(null);
  const offered = useInstallOffer() !== null;
  return (
    <footer className="site-footer">
      <div className="site-footer__links">
        <Button className="link-button" onPress={() => setDialog("help")}>
          {t(shellMessages.help)}
        </Button>
        <Button className="link-button" onPress={() => setDialog("privacy")}>
          {t(shellMessages.privacy)}
        </Button>
        <LanguageSwitch />
      </div>
      <address className="site-footer__address">
        {partner.addressLines.map((line) => (
          <span key={line}>{line}</span>
        ))}
        <span>
          <Link href={`mailto:${partner.helpEmail}`}>{partner.helpEmail}</Link> · {partner.phone}
        </span>
      </address>
      {/* Last, so that nothing moves when one appears: at the top of the footer it pushed the links
          and the address down where the footer is on the first screen (/login on a phone: a layout
          shift of 0.017 in every Lighthouse run). */}
      {offered ? (
        <Suspense fallback={null}>
          <InstallAction />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <IosInstallHint />
      </Suspense>
      {dialog ? (
        <Suspense fallback={null}>
          <FooterDialogs open={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
