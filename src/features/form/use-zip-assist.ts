import { useCallback, useMemo, useRef, useState } from "react";
import { formPages } from "../../form/pages/form-pages";
import { isFullZip, type ZipOffer, type ZipTargets, zipAssistTargets } from "./zip-assist";

let appTargets: Map<string, ZipTargets> | undefined;

type ZipLookup = typeof import("./zip-lookup");
/** The lookup's code, once a full ZIP has asked for it; an offer exists only after that. */
let loaded: ZipLookup | undefined;

/**
 * The lookup's code, loaded on the first full ZIP. Not through loadPart: a lookup that cannot be
 * had is silent (spec §8), like a lookup the server does not answer, and must not reload the page.
 */
async function zipLookup(): Promise<ZipLookup | null> {
  loaded ??= await import("./zip-lookup").catch(() => undefined);
  return loaded ?? null;
}

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
      if (!isFullZip(zip)) return;
      void zipLookup()
        .then((lookup) => lookup?.assistZip(key, zip, targets) ?? null)
        .then((found) => {
          if (found && latest.current === zip) setOffer(found);
        });
    },
    [key, targets],
  );
  const accept = useCallback(() => {
    if (offer) loaded?.acceptZipOffer(offer);
    setOffer(null);
  }, [offer]);
  const dismiss = useCallback(() => setOffer(null), []);
  return useMemo(
    () => (targets ? { onChange, offer, accept, dismiss } : undefined),
    [targets, onChange, offer, accept, dismiss],
  );
}
