import { loadPart } from "../../lib/load-part";

type DateQuestionModule = typeof import("./date-question");

let loading: Promise<DateQuestionModule> | undefined;
let loaded: DateQuestionModule | undefined;
let failed = false;

/**
 * The date question's module (lazy: see question-view.tsx), loaded once. A load that fails (the
 * network gone before the service worker had it) keeps trying (loadPart), and says so at once:
 * the progressive render then goes on without waiting for it (ready-date-question.ts).
 */
export function loadDateQuestion(): Promise<DateQuestionModule> {
  loading ??= loadPart(() => import("./date-question"), {
    onFailure: () => {
      failed = true;
    },
  }).then(
    (module) => {
      loaded = module;
      failed = false;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      failed = true;
      throw error;
    },
  );
  return loading;
}

/** The date question's module once loadDateQuestion() has finished (it is evaluated). */
export function loadedDateQuestion(): DateQuestionModule | undefined {
  return loaded;
}

/** Whether a try to load it has failed (it may be trying again). */
export function dateQuestionLoadFailed(): boolean {
  return failed;
}
