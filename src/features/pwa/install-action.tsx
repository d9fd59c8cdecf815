import { Button } from "react-aria-components";
import { useLanguage } from "../../i18n/use-language";
import { isStandalone } from "./display-mode";
import { installApp, keepOnHomeScreen } from "./install-messages";
import { install, useInstallOffer } from "./install-offer";

/**
 * Loaded as a part once the browser makes its offer (install-offer.ts keeps it until then, issue 35).
 * "Install app", shown only while the browser offers installation. It sits at the end of the
 * footer, like the iOS hint: the offer comes seconds after load, and in the header its button
 * wrapped the header's tools onto a second row on a phone, pushing the page down under the
 * applicant's finger (a layout shift Lighthouse caught, issue 15).
 */
export function InstallAction() {
  const current = useInstallOffer();
  const { t } = useLanguage();
  if (!current || isStandalone()) return null;
  return (
    <div className="install-hint">
      <p className="install-hint__text">{t(keepOnHomeScreen)}</p>
      <Button
        className="link-button"
        onPress={() =>
          install(current).catch((error: unknown) => console.warn("install prompt failed", error))
        }
      >
        {t(installApp)}
      </Button>
    </div>
  );
}
