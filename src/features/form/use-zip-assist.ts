import { useMemo } from "react";
import { formPages } from "../../form/pages/form-pages";
import { assistZip, type ZipTargets, zipAssistTargets } from "./zip-assist";

let appTargets: Map<string, ZipTargets> | undefined;

/** For a postal-code question, a function to call with each new value; undefined for other questions. */
export function useZipAssist(key: string): ((value: string) => void) | undefined {
  appTargets ??= zipAssistTargets(formPages);
  const targets = appTargets.get(key);
  return useMemo(
    () => (targets ? (value: string) => void assistZip(key, value.trim(), targets) : undefined),
    [key, targets],
  );
}
