import { type ReactNode, Suspense, useCallback, useRef, useState } from "react";
import type { Section } from "../../form/catalogue-types";
import { lazyPart, loadPart } from "../../lib/load-part";
import type { Asking, Telling } from "./block-removal-dialogs";

// Issue 37, point 9: a block of a repeated section added by mistake, or no longer wanted, can be
// removed down to the default count. A block that holds something is removed only once the
// applicant says so (WCAG 3.3.4, as a tab switch: "Keep" focused); an empty one goes at once.
// The later blocks move up (remove-block.ts), the count is saved like an added block's, and the
// keyboard lands on the section's "Add another" button.

/** The files of the removed block, from the documents feature (the page with file questions). */
export type BlockFiles = {
  /**
   * Whether one of them still uploads or converts; otherwise those that hold a file (on the device
   * or the server), with their names (null: not known here). Throws when the server cannot say.
   */
  check(
    keys: readonly string[],
  ): Promise<{ busy: true } | { busy: false; files: { key: string; name: string | null }[] }>;
  /** Deletes them (queued on the device like every change). */
  delete(keys: readonly string[]): Promise<void>;
};

/** The documents feature's, loaded when a removed block has a file (its code is not the form's). */
export const lazyBlockFiles: BlockFiles = {
  check: async (keys) => (await import("../documents/block-files")).blockFiles.check(keys),
  delete: async (keys) => (await import("../documents/block-files")).blockFiles.delete(keys),
};

export type RemoveBlock = (section: Section, index: number, shown: number) => Promise<void>;

const BlockRemovalDialogs = lazyPart(() =>
  import("./block-removal-dialogs").then((m) => ({ default: m.BlockRemovalDialogs })),
);

/** "Colleges and universities 2", as the block's heading says. */
export const blockName = (section: Section, index: number) => `${section.title} ${index + 1}`;
/** The id of a repeated section's "Add another" button, where the keyboard goes after a removal. */
export const addAnotherId = (section: Section) => `section-${section.id}-add`;

/**
 * The removal of repeated blocks on a page: `removeBlock` for its sections, `dialog` to render.
 * `save(buttonId, count)` keeps the new count; `files` deletes a removed block's documents.
 */
export function useBlockRemoval(
  save: (buttonId: string, count: number) => void,
  files: BlockFiles | undefined,
): { removeBlock: RemoveBlock; dialog: ReactNode } {
  const [asking, setAsking] = useState<Asking | null>(null);
  const [telling, setTelling] = useState<Telling | null>(null);
  const [said, setSaid] = useState("");
  const busy = useRef(false);

  const removeBlock = useCallback<RemoveBlock>(
    async (section, index, shown) => {
      // Offline, it waits for the connection; a part gone for good (an old page after a deploy) is said.
      const removal = await loadPart(() => import("./block-removal-dialogs")).catch(() => null);
      if (!removal) {
        setSaid(`“${blockName(section, index)}” was not removed: reload the page and try again.`);
        return;
      }
      await removal.runBlockRemoval(
        { busy, save, files, setAsking, setTelling, setSaid },
        section,
        index,
        shown,
      );
    },
    [save, files],
  );

  // The dialogs' code (React Aria's overlays) loads only when one opens: this hook is on every
  // form page's first screen (first-screen JavaScript, issue 34).
  const dialog = (
    <>
      {(asking !== null || telling !== null) && (
        <Suspense fallback={null}>
          <BlockRemovalDialogs asking={asking} telling={telling} onTold={() => setTelling(null)} />
        </Suspense>
      )}
      {/* The removal is said once, here. */}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </>
  );
  return { removeBlock, dialog };
}
