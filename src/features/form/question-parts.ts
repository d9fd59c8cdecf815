import { loadPart } from "../../lib/load-part";

/**
 * A part of the form's code that loads apart from the first screen's (issue 15), once: a failed
 * load (the network gone before the service worker had it) keeps trying (loadPart) and says so at
 * once, so that the progressive render goes on without waiting for it (ready-question-parts.ts).
 */
export interface QuestionPart<Module> {
  load(): Promise<Module>;
  /** The module once load() has finished (it is evaluated). */
  loaded(): Module | undefined;
  /** Whether a try to load it has failed (it may be trying again). */
  failed(): boolean;
}

function questionPart<Module>(importModule: () => Promise<Module>): QuestionPart<Module> {
  let loading: Promise<Module> | undefined;
  let loaded: Module | undefined;
  let failed = false;
  return {
    load() {
      loading ??= loadPart(importModule, {
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
    },
    loaded: () => loaded,
    failed: () => failed,
  };
}

/** The date question: its picker (calendar, dialog, popover) and dates' code; only /about has one. */
export const datePart = questionPart(() => import("./date-question"));

/**
 * The questions and controls built on React Aria's collections: selects, month/year selects, the
 * lookups' combo boxes, a section's tabs. The first screen of /about (its type of application,
 * names) needs none of them, and the collections' code is a fifth of the form's.
 */
export const collectionsPart = questionPart(() => import("./collection-questions"));
