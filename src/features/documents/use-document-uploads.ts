import { useEffect } from "react";
import { loadPart } from "../../lib/load-part";

/**
 * Sends the signed-in applicant's waiting file changes from any form page (decision 0014): a file
 * chosen offline uploads by itself when the connection returns, whichever page is open. The
 * documents code loads only for signed-in applicants, after the first screen; if the network is
 * gone before it is stored, it loads (and the uploads start) once the network is back.
 */
export function useDocumentUploads(owner: string | null): void {
  useEffect(() => {
    if (!owner) return;
    let stop: (() => void) | undefined;
    let left = false;
    loadPart(() => import("./documents-runtime"))
      .then(({ documentsRuntime }) => {
        if (left) return;
        documentsRuntime.start(owner);
        stop = () => documentsRuntime.stop();
      })
      .catch(() => {});
    return () => {
      left = true;
      stop?.();
    };
  }, [owner]);
}
