import { useCallback, useMemo, useRef, useState } from "react";
import { formPages } from "../../form/pages/form-pages";
import { acceptZipOffer, assistZip, type ZipOffer, type ZipTargets, zipAssistTargets } from "./zip-assist";

let appTargets: Map<string, ZipTargets> | undefined;

export type ZipAssist = {
  /** Called with each new value of the postal code. */
  onChange: (value: string) => void;
  /** The ZIP's city and state, when the address said otherwise; null when there is nothing to offer. */
  offer: ZipOffer | null;
  accept: () => void;
  dismiss: () => void;
};

/** For a postal-code question, its ZIP assist; undefined for other questions. */
export function useZipAssist(key: string): ZipAssist | undefined {
  appTargets ??= zipAssistTargets(formPages);
  const targets = appTargets.get(key);
  const [offer, setOffer] = useState<ZipOffer | null>(null);
  // Only the latest value's lookup may offer anything.
  const latest = useRef("");
  const onChange = useCallback(
    (value: string) => {
      if (!targets) return;
      const zip = value.trim();
      latest.current = zip;
      setOffer(null);
      void assistZip(key, zip, targets).then((found) => {
        if (found && latest.current === zip) setOffer(found);
      });
    },
    [key, targets],
  );
  const accept = useCallback(() => {
    if (offer) acceptZipOffer(offer);
    setOffer(null);
  }, [offer]);
  const dismiss = useCallback(() => setOffer(null), []);
  return useMemo(
    () => (targets ? { onChange, offer, accept, dismiss } : undefined),
    [targets, onChange, offer, accept, dismiss],
  );
}
