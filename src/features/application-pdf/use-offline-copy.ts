import { useEffect, useState } from "react";
import { readOfflineCopy } from "./offline-copy";

export type OfflineCopyLink = { url: string; savedAt: Date; fileName: string };

/** `owner`'s PDF kept on this device, as a link (an object URL) while `wanted`; null when none. */
export function useOfflineCopy(owner: string | null, wanted: boolean): OfflineCopyLink | null {
  const [copy, setCopy] = useState<OfflineCopyLink | null>(null);
  useEffect(() => {
    if (!owner || !wanted) {
      setCopy(null);
      return;
    }
    let url: string | null = null;
    let current = true;
    void readOfflineCopy(owner).then((found) => {
      if (!current || !found) return;
      url = URL.createObjectURL(found.blob);
      setCopy({ url, savedAt: found.savedAt, fileName: found.fileName });
    });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [owner, wanted]);
  return copy;
}
