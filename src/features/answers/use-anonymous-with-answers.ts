import { useEffect, useState } from "react";
import { answerStore } from "./answer-session";

/** Whether an anonymous visitor has typed anything (re-rendering only when that flips). */
export function useAnonymousWithAnswers(signedIn: boolean): boolean {
  const [has, setHas] = useState(() => !signedIn && answerStore.hasAnyValue());
  useEffect(() => {
    if (signedIn) {
      setHas(false);
      return;
    }
    setHas(answerStore.hasAnyValue());
    return answerStore.subscribeAll(() => setHas(answerStore.hasAnyValue()));
  }, [signedIn]);
  return has;
}
