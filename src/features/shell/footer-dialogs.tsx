import { Link } from "react-aria-components";
import { Modal } from "../../components/modal";
import { partner } from "../../config/partner";
import { richText } from "../../i18n/rich-text";
import { useLanguage } from "../../i18n/use-language";
import * as m from "./footer-messages";
import * as shellMessages from "./shell-messages";

export type FooterDialog = "help" | "privacy";

/** A link that opens in a new tab (its text says so). */
function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  );
}

/** The footer's Help and Privacy dialogs, loaded on first use (spec §1), in the page's language. */
export function FooterDialogs({ open, onClose }: { open: FooterDialog | null; onClose: () => void }) {
  const { t } = useLanguage();
  const onOpenChange = (isOpen: boolean) => {
    if (!isOpen) onClose();
  };
  return (
    <>
      <Modal isOpen={open === "help"} onOpenChange={onOpenChange} title={t(shellMessages.help)} size="xs">
        <p>
          {richText(t, m.technicalSupport, {
            email: <Link href={`mailto:${partner.helpEmail}`}>{partner.helpEmail}</Link>,
            phone: partner.phone,
          })}
        </p>
        <p>
          {richText(t, m.pdfReaderNeeded, {
            link: <NewTabLink href={partner.links.pdfReader}>{t(m.downloadPdfReader)}</NewTabLink>,
          })}
        </p>
      </Modal>

      <Modal
        isOpen={open === "privacy"}
        onOpenChange={onOpenChange}
        title={t(shellMessages.privacy)}
        size="xs"
      >
        <p>{t(m.cookieUse)}</p>
        <p>
          {richText(t, m.cookieChoices, {
            cookieSettings: (
              <NewTabLink href={partner.links.cookieSettings}>{t(m.cookieSettings)}</NewTabLink>
            ),
            analyticsOptOut: (
              <NewTabLink href={partner.links.analyticsOptOut}>{t(m.analyticsOptOut)}</NewTabLink>
            ),
            privacyPolicy: <NewTabLink href={partner.privacyPolicyUrl}>{t(m.privacyPolicy)}</NewTabLink>,
          })}
        </p>
      </Modal>
    </>
  );
}
