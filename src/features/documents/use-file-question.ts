import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useOnline } from "../../lib/use-online";
import { localDb } from "../answers/local-db";
import { useQuestionAnswer } from "../form/use-form-answers";
import { useClientSnapshot } from "../profile/snapshot-context";
import { documentsRuntime } from "./documents-runtime";
import { type FileQuestionView, fileQuestionView } from "./file-question-state";

/**
 * One file question's state (file-question-state.ts) from everything that decides it: the change
 * waiting on the device and the server's document (IndexedDB, watched live, so another tab's
 * upload shows here too), the conversion and the bytes sent (the documents runtime of this tab),
 * the network and the answer. Watching the question keeps its conversion polled (spec §4).
 * `view` is null until the device has been read.
 */
export function useFileQuestion(key: string): { view: FileQuestionView | null; online: boolean } {
  const { snapshot } = useClientSnapshot();
  const owner = snapshot.is_logged_in ? snapshot.username : null;
  const online = useOnline();
  const [answer] = useQuestionAnswer(key);

  useEffect(() => {
    if (!owner) return;
    // The form layout starts it too; a page opened first must not wait for that.
    documentsRuntime.start(owner);
    return documentsRuntime.watch(key);
  }, [owner, key]);

  const stored = useLiveQuery(async () => {
    if (!owner) return { queued: undefined, document: undefined };
    const db = localDb();
    const [queued, document] = await Promise.all([
      db.uploads.get([owner, key]),
      db.documents.get([owner, key]),
    ]);
    return { queued, document };
  }, [owner, key]);

  const subscribe = useCallback((listener: () => void) => documentsRuntime.subscribe(key, listener), [key]);
  const conversion = useSyncExternalStore(subscribe, () => documentsRuntime.conversionOf(key));
  const progress = useSyncExternalStore(subscribe, () => documentsRuntime.progressOf(key));

  if (!owner) return { view: { state: "anonymous" }, online };
  if (!stored) return { view: null, online };
  return {
    view: fileQuestionView({
      signedIn: true,
      queued: stored.queued,
      document: stored.document,
      conversion,
      progress,
      online,
      answer,
    }),
    online,
  };
}
