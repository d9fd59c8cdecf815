import { Button } from "react-aria-components";
import { useLanguage } from "../../i18n/use-language";
import { focusQuestion } from "./use-hash-focus";
import type { ZipAssist } from "./use-zip-assist";
import { keepMine, usePlace, zipElsewhere } from "./zip-offer-words";

/**
 * Under a ZIP whose city and state differ from the address's: says so and offers the ZIP's, or
 * keeping the applicant's own. The region is always there, so the offer is announced politely
 * when it appears; either answer takes it away and puts the keyboard back on the ZIP.
 */
export function ZipCityOffer({ assist, zipKey }: { assist: ZipAssist; zipKey: string }) {
  const { offer } = assist;
  const { t } = useLanguage();
  const answer = (take: boolean) => {
    if (take) assist.accept();
    else assist.dismiss();
    focusQuestion(zipKey);
  };
  return (
    <div className="zip-offer" aria-live="polite">
      {offer ? (
        <div className="zip-offer__body">
          <p className="zip-offer__text">{t(zipElsewhere, { zip: offer.zip, place: offer.label })}</p>
          <div className="zip-offer__actions">
            <Button className="button button--secondary" onPress={() => answer(true)}>
              {t(usePlace, { place: offer.label })}
            </Button>
            <Button className="link-button" onPress={() => answer(false)}>
              {t(keepMine)}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
