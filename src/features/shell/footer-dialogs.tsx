import { Link } from "react-aria-components";
import { Modal } from "../../components/modal";
import { partner } from "../../config/partner";

export type FooterDialog = "help" | "privacy";

/** The footer's Help and Privacy dialogs, loaded on first use (spec §1). */
export function FooterDialogs({ open, onClose }: { open: FooterDialog | null; onClose: () => void }) {
  const onOpenChange = (isOpen: boolean) => {
    if (!isOpen) onClose();
  };
  return (
    <>
      <Modal isOpen={open === "help"} onOpenChange={onOpenChange} title="Help" size="xs">
        <p>
          For technical support with this application, e-mail{" "}
          <Link href={`mailto:${partner.helpEmail}`}>{partner.helpEmail}</Link> or call {partner.phone}. Tell
          us what you were doing and what you saw; please do not send passwords.
        </p>
        <p>
          To open the PDF copy of your application you need a PDF reader.{" "}
          <Link href={partner.links.pdfReader} target="_blank" rel="noopener noreferrer">
            Download a PDF reader (opens in a new tab)
          </Link>
          .
        </p>
      </Modal>

      <Modal isOpen={open === "privacy"} onOpenChange={onOpenChange} title="Privacy" size="xs">
        <p>
          This application uses a cookie to keep you signed in and stores your answers on this device so that
          nothing is lost when your connection drops. We do not sell your information.
        </p>
        <p>
          You can review or remove cookies in{" "}
          <Link href={partner.links.cookieSettings} target="_blank" rel="noopener noreferrer">
            your browser's cookie settings (opens in a new tab)
          </Link>{" "}
          and opt out of analytics with the{" "}
          <Link href={partner.links.analyticsOptOut} target="_blank" rel="noopener noreferrer">
            analytics opt-out (opens in a new tab)
          </Link>
          . Read our full{" "}
          <Link href={partner.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
            privacy policy (opens in a new tab)
          </Link>
          .
        </p>
      </Modal>
    </>
  );
}
