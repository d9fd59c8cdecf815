import { KeyedListeners } from "../../lib/keyed-listeners";
// Which errors each field shows (spec §4 "Client validation", §5). The engine computes errors;
// this decides when they appear:
// - before the first Submit (the web status is not "validating"), none: the applicant fills the
//   form in peace (masks still refuse characters that cannot belong, e.g. a letter in a phone);
// - while the application is validating, every error, required ones included;
// - while the applicant edits a field, its errors may disappear as soon as they are fixed, but new
//   ones wait until the field is left or the choice made ("reward early, punish late"), also when
//   something else recomputes the errors meanwhile (a count or tab refreshed from the server).
// Errors at the fields are silent (read when the applicant reaches a field); the one thing said
// aloud is a field's new error as the applicant leaves it (`announcement`, decision 0016).
// No React here: fields subscribe per key, so an error on one field re-renders only that field.

/** All errors by key for these answers; `includeRequired` adds the required checks. */
export type ComputeErrors = (
  answers: Readonly<Record<string, string>>,
  includeRequired: boolean,
) => Record<string, readonly string[]>;

const NONE: readonly string[] = Object.freeze([]);

export class FieldErrors {
  private shown: Record<string, readonly string[]> = {};
  private readonly listeners = new KeyedListeners();
  private validating = false;
  /** Keys written since a field was last left: their new errors wait for the leaving. */
  private readonly editing = new Set<string>();
  private said = "";
  private readonly announcementListeners = new Set<() => void>();

  /**
   * `readAnswers` gives the answers as the applicant sees them: the stored ones, with the values a
   * field holds without storing them (`withHeldAnswers`: a date of birth out of range).
   */
  constructor(
    private readonly compute: ComputeErrors,
    private readonly readAnswers: () => Record<string, string>,
  ) {}

  get(key: string): readonly string[] {
    return this.shown[key] ?? NONE;
  }

  subscribe(key: string, listener: () => void): () => void {
    return this.listeners.subscribe(key, listener);
  }

  /** While the web status is "validating", every error shows, required ones included. */
  setValidating(validating: boolean): void {
    if (this.validating === validating) return;
    this.validating = validating;
    // A Submit judges every field, the one being typed in too.
    this.editing.clear();
    this.refresh("full");
  }

  /** The field was left (or a choice was made, or a date completed): its errors are current. */
  leave(keys: readonly string[]): void {
    const before = new Set(keys.flatMap((key) => this.get(key)));
    this.editing.clear();
    this.refresh("full");
    const appeared = [...new Set(keys.flatMap((key) => this.get(key)))].filter((error) => !before.has(error));
    if (appeared.length > 0) this.say(`Error: ${appeared.join(" ")}`);
  }

  /**
   * What to say aloud: the errors that appeared on the field the applicant just left, once. A new
   * announcement replaces the last (the same words again are said again).
   */
  announcement(): string {
    return this.said;
  }

  subscribeAnnouncement(listener: () => void): () => void {
    this.announcementListeners.add(listener);
    return () => this.announcementListeners.delete(listener);
  }

  private say(text: string): void {
    // A trailing no-break space makes a repeat of the same words a change the region speaks.
    this.said = this.said === text ? `${text}\u00a0` : text;
    for (const listener of this.announcementListeners) listener();
  }

  /** These keys were just written (a keystroke, or what it cleared): they are being edited. */
  noteEdited(keys: readonly string[]): void {
    for (const key of keys) this.editing.add(key);
  }

  /** Something changed while editing: errors may clear, none appear. */
  edited(): void {
    this.refresh("clearOnly");
  }

  /**
   * Recomputes after a change elsewhere (a choice that another field's check depends on); a field
   * being edited still only loses errors.
   */
  changed(): void {
    this.refresh("full");
  }

  /** The errors a candidate value would have, without showing them (to decide whether to store it). */
  errorsFor(key: string, candidate: string): readonly string[] {
    return this.compute({ ...this.readAnswers(), [key]: candidate }, false)[key] ?? NONE;
  }

  private refresh(mode: "full" | "clearOnly"): void {
    // Nothing shows before validating: no need to ask the engine on every keystroke.
    if (!this.validating && Object.keys(this.shown).length === 0) return;
    const computed = this.compute(this.readAnswers(), this.validating);
    const next: Record<string, readonly string[]> = {};
    const keys = new Set([...Object.keys(computed), ...Object.keys(this.shown)]);
    for (const key of keys) {
      const errors = unique(computed[key] ?? NONE);
      const kept =
        mode === "clearOnly" || this.editing.has(key)
          ? (this.shown[key] ?? NONE).filter((e) => errors.includes(e))
          : this.validating
            ? errors
            : NONE;
      if (kept.length > 0) next[key] = sameList(kept, this.shown[key]) ? (this.shown[key] ?? kept) : kept;
    }
    const previous = this.shown;
    this.shown = next;
    for (const key of keys) {
      if (previous[key] === next[key]) continue;
      this.listeners.notify(key);
    }
  }
}

function unique(errors: readonly string[]): readonly string[] {
  return errors.length < 2 ? errors : [...new Set(errors)];
}

function sameList(a: readonly string[], b: readonly string[] | undefined): boolean {
  return b !== undefined && a.length === b.length && a.every((item, i) => item === b[i]);
}
