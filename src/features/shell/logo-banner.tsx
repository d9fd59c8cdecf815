import { BrandMark } from "../../components/brand-mark";
import { partner } from "../../config/partner";

/**
 * Spec §2: the logo banner of every form page: the institution's logo, an image named by the
 * institution's name (partner configuration), beside the application's title and term. The same
 * markup in the prerendered first screen (static-shell.tsx) and in the app, so nothing moves.
 */
export function LogoBanner() {
  return (
    <div className="logo-banner">
      <BrandMark size={44} label={partner.name} />
      <div className="logo-banner__text">
        <p className="logo-banner__title">{partner.applicationTitle}</p>
        <p className="logo-banner__term">{partner.terms.current}</p>
      </div>
    </div>
  );
}
