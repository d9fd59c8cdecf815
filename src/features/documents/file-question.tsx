import { type ChangeEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useFocusRing } from "react-aria";
import { Button } from "react-aria-components";
import { Modal } from "../../components/modal";
import type { FileQuestion as FileQuestionData } from "../../form/catalogue-types";
import { useLanguage } from "../../i18n/use-language";
import { checkFileName, fileSizeProblem } from "../../shared/document-rules";
import { formatFileSize } from "../../shared/file-size";
import { useFormNavigation } from "../application/use-form-navigation";
import { documentsRuntime } from "./documents-runtime";
import * as words from "./file-question-messages";
import { type FileQuestionView, type ShownFile, statusText } from "./file-question-state";
import { storageFailureMessage } from "./storage-failure";
import { useFileQuestion } from "./use-file-question";
import "./file-question.css";

/** What the file input accepts (spec §5): the browser's picker offers these; the checks decide. */
const ACCEPT =
  ".png,.jpeg,.jpg,.pdf,.docx,image/png,image/jpeg,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * Spec §2/§4 file input: empty (a labelled file input), then waiting or uploading (with the bytes
 * sent) and converting, then the file's name and size with View and Delete (after "Are you sure you
 * want to delete your file?"). The spec's checks run before anything is sent and their messages
 * are linked to the input. Anonymous visitors are asked to create an account (spec §6), their
 * answers carried to sign-up. The status line is announced politely when it changes.
 */
export function FileQuestion({ question }: { question: FileQuestionData }) {
  const { key } = question;
  const { view, online } = useFileQuestion(key);
  const { toSignup } = useFormNavigation();
  const [error, setError] = useState<string | null>(null);
  // The question's words and the upload's refusals in the page's language (a server's message the
  // catalogue does not know is shown as it came).
  const language = useLanguage();
  const { t, text } = language;
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  // Where focus goes once the input is replaced by the file, or the file by the input.
  const focusNext = useRef<"status" | "input" | null>(null);
  const ids = {
    label: `${key}-label`,
    description: `${key}-description`,
    hint: `${key}-hint`,
    error: `${key}-error`,
    file: `${key}-file`,
    status: `${key}-status`,
    choose: `${key}-choose`,
  };
  const { focusProps, isFocusVisible } = useFocusRing();
  const state = view?.state;

  // Whether focus was in the question before this render: read while rendering, before a control
  // that had it (Try again, Delete) leaves the page.
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const focusWasInside = useRef(false);
  focusWasInside.current = fieldset.current?.contains(document.activeElement) ?? false;

  useEffect(() => {
    if (focusNext.current === "input" && state === "empty") input.current?.focus();
    else if (focusNext.current === "status" && state !== "empty" && state !== undefined)
      status.current?.focus();
    else if (state === "empty" && focusWasInside.current && lostFocus(fieldset.current, status.current))
      // The file went (a failed conversion reset, a deletion elsewhere) while the applicant was
      // here: the keyboard goes to the input, not to an empty status line or the page's start.
      input.current?.focus();
    else return;
    focusNext.current = null;
  }, [state]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0];
    // Choosing the same file again after a refusal must still be noticed.
    event.currentTarget.value = "";
    if (!chosen) return;
    const name = checkFileName(chosen.name);
    const problem = name.ok ? fileSizeProblem(chosen.size) : name.message;
    if (!name.ok || problem) {
      setError(problem ?? null);
      return;
    }
    setError(null);
    try {
      const bytes = await chosen.arrayBuffer();
      focusNext.current = "status";
      await documentsRuntime.choose(key, { name: name.name, type: chosen.type, size: chosen.size, bytes });
    } catch (failure) {
      focusNext.current = null;
      setError(storageFailureMessage(failure));
    }
  }

  async function remove() {
    setConfirming(false);
    focusNext.current = "input";
    try {
      await documentsRuntime.remove(key);
    } catch (failure) {
      focusNext.current = null;
      setError(storageFailureMessage(failure));
    }
  }

  function viewFile(event: MouseEvent<HTMLAnchorElement>) {
    const fresh = documentsRuntime.freshViewUrl(key);
    if (fresh) {
      event.currentTarget.href = fresh;
      return;
    }
    // The link is older than its lifetime (or unknown): open the tab now, while the click counts
    // as the applicant's, and send it to a fresh link.
    event.preventDefault();
    const opened = window.open("", "_blank");
    void documentsRuntime
      .refreshViewUrl(key)
      .catch(() => null)
      .then((url) => {
        if (url && opened) {
          opened.opener = null;
          opened.location.href = url;
        } else {
          opened?.close();
          setError(words.viewFailed);
        }
      });
  }

  const describedBy = (...parts: (string | false | undefined)[]) =>
    parts.filter(Boolean).join(" ") || undefined;
  const fileActions = (file: ShownFile, actions: { view?: boolean; retry?: boolean; remove?: boolean }) => (
    <div className="file-field__file">
      {file.name ? (
        <span id={ids.file} className="file-field__name">
          {file.name} <span className="file-field__size">({formatFileSize(file.size)})</span>
        </span>
      ) : null}
      {actions.view ? (
        <a
          className="button button--secondary file-field__action"
          href={documentsRuntime.freshViewUrl(key) ?? "#"}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={ids.file}
          onClick={viewFile}
        >
          {t(words.viewAction)}
        </a>
      ) : null}
      {actions.retry ? (
        <Button
          className="button button--secondary file-field__action"
          aria-describedby={describedBy(ids.file, ids.status)}
          onPress={() => {
            focusNext.current = "status";
            void documentsRuntime.retry(key);
          }}
        >
          {t(words.tryAgain)}
        </Button>
      ) : null}
      {actions.remove ? (
        <Button
          className="button button--secondary file-field__action"
          aria-describedby={ids.file}
          onPress={() => setConfirming(true)}
        >
          {t(words.deleteAction)}
        </Button>
      ) : null}
    </div>
  );

  return (
    <fieldset
      ref={fieldset}
      id={key}
      className="field field--group file-field"
      aria-describedby={question.description ? ids.description : undefined}
    >
      <legend id={ids.label} className="field__label">
        {question.label}
      </legend>
      {question.description ? (
        <p id={ids.description} className="field__description">
          {question.description}
        </p>
      ) : null}
      {view === null ? (
        // Until the device has been read (a moment): the empty question's shape, so that what
        // follows does not move down when the question shows, under a tap aimed at it.
        <>
          <p className="field__description" aria-hidden="true">
            {t(words.limitsHint)}
          </p>
          <div className="button button--secondary file-field__choose" aria-hidden="true">
            {t(words.chooseFile)}
          </div>
        </>
      ) : view.state === "anonymous" ? (
        <>
          <p id={ids.hint} className="field__description">
            {t(words.needsAccount)}
          </p>
          <Button
            className="button button--secondary file-field__action"
            aria-describedby={describedBy(ids.label, ids.hint)}
            onPress={toSignup}
          >
            {t(words.createAccountToUpload)}
          </Button>
        </>
      ) : view.state === "empty" ? (
        <>
          <p id={ids.hint} className="field__description">
            {t(words.limitsHint)}
          </p>
          {/* The browser's own button says "Choose File" and names no question: ours says what it
              does and for which question ("Choose a file for Résumé"), the input laid over it. */}
          <div
            className="button button--secondary file-field__choose"
            data-focus-visible={isFocusVisible || undefined}
            data-invalid={error !== null || undefined}
          >
            <span id={ids.choose} aria-hidden="true">
              {t(words.chooseFile)}
              <span className="visually-hidden"> {t(words.forQuestion, { question: question.label })}</span>
            </span>
            <input
              {...focusProps}
              ref={input}
              id={`${key}-input`}
              className="file-field__input"
              type="file"
              accept={ACCEPT}
              aria-labelledby={ids.choose}
              aria-describedby={describedBy(
                question.description && ids.description,
                ids.hint,
                error !== null && ids.error,
              )}
              aria-invalid={error !== null ? true : undefined}
              onChange={(event) => void choose(event)}
            />
          </div>
        </>
      ) : (
        <FileBody view={view} actions={fileActions} t={t} />
      )}
      <div className="field__error-region" aria-live="polite">
        {error !== null ? (
          <p id={ids.error} className="field__error">
            <span className="field__error-line">{text(error)}</span>
          </p>
        ) : null}
      </div>
      <p
        id={ids.status}
        ref={status}
        className="file-field__status"
        role="status"
        tabIndex={-1}
        // Focus given back to an empty line (a toast closing after the file went) goes to the input.
        onFocus={() => {
          if (state === "empty") input.current?.focus();
        }}
      >
        {view ? statusText(view, online, language) : ""}
      </p>
      <Modal
        isOpen={confirming}
        onOpenChange={setConfirming}
        title="Delete file"
        size="xs"
        role="alertdialog"
        message="Are you sure you want to delete your file?"
      >
        <div className="modal__actions">
          <Button className="button button--secondary" onPress={() => setConfirming(false)} autoFocus>
            {text("Cancel")}
          </Button>
          <Button className="button button--primary" onPress={() => void remove()}>
            {text("Delete")}
          </Button>
        </div>
      </Modal>
    </fieldset>
  );
}

/** Whether focus is on the question's (now empty) status line, or gone from the question. */
function lostFocus(question: HTMLElement | null, status: HTMLElement | null): boolean {
  const active = document.activeElement;
  return active === status || active === null || active === document.body || !question?.contains(active);
}

/** The file once chosen: waiting or uploading (with its progress), converting, or ready. */
function FileBody({
  view,
  actions,
  t,
}: {
  view: Exclude<FileQuestionView, { state: "anonymous" } | { state: "empty" }>;
  actions: (file: ShownFile, actions: { view?: boolean; retry?: boolean; remove?: boolean }) => ReactNode;
  t: ReturnType<typeof useLanguage>["t"];
}) {
  switch (view.state) {
    case "waiting":
      return actions(view.file, { remove: true });
    case "uploading":
      return (
        <>
          {actions(view.file, {})}
          <progress
            className="file-field__progress"
            max={view.file.size}
            value={view.sent ?? undefined}
            aria-label={t(words.uploadingFile, { name: view.file.name })}
          />
        </>
      );
    case "converting":
      return (
        <>
          {actions(view.file, {})}
          <progress className="file-field__progress" aria-label={t(words.convertingToPdf)} />
        </>
      );
    case "ready":
      return actions(view.file, { view: view.viewable, remove: true });
    case "failed":
      return actions(view.file, { retry: true, remove: true });
  }
}
