import { useContext, useEffect, useMemo, useRef, useState } from "react";
import {
  ComboBox,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from "react-aria-components";
import type { AutocompleteQuestion as AutocompleteQuestionData } from "../../form/catalogue-types";
import { optionLabel } from "../../form/options/resolve-options";
import { AriaLocale } from "../../i18n/aria-locale";
import { useLanguage } from "../../i18n/use-language";
import { DEFAULT_TEXT_MAX } from "../../shared/constants";
import { type LookupSuggestion, NO_SCHOOL_LIST_MESSAGE } from "../../shared/lookup-types";
import { answerStore } from "../answers/answer-session";
import { debounce } from "./debounce";
import { Description, ErrorMessage, RequiredMark } from "./field-parts";
import { fillAnswers } from "./fill-answers";
import { findDetails, findSuggestions, LOOKUP_DEBOUNCE_MS, LOOKUP_MAX_WAIT_MS } from "./lookup-client";
import { keepPageVisible } from "./page-stays-visible";
import { setAnswer } from "./set-answer";
import { streetLineAfterPlace } from "./street-line";
import { useFieldErrors, useFieldEvents } from "./use-field-errors";
import { useQuestionAnswer } from "./use-form-answers";

/**
 * Spec §4 autocomplete: free text is the answer; up to 5 suggestions from /lookup/find while
 * typing; choosing one fills the related answers from its details, and the text becomes the
 * details' name or address line. A place suggestion for a street line ("Philadelphia, PA 19104":
 * a city and a ZIP, no street) fills the city, state, ZIP and country, and the street line keeps
 * only what was typed for the street (nothing, when the text was the search for the place), with
 * the keyboard in it to type the street. Clearing the text resets what the last choice filled
 * (all related answers for an entry with an id, such as a school and its CEEB code); typing over
 * an entry with an id clears them too. Lookup failures leave the typed text and no suggestions
 * (spec §8). A category without any list (no high-school list is shipped) says so once searched,
 * rather than showing nothing as if nothing matched (issue 31).
 */
export function AutocompleteQuestion({
  question,
  required,
}: {
  question: AutocompleteQuestionData;
  required: boolean;
}) {
  const [value, setValue] = useQuestionAnswer(question.key);
  // The chosen entry's id (e.g. a CEEB code) has no field of its own: a refusal of it shows here.
  const shownKeys = useMemo(
    () => (question.idKey ? [question.key, question.idKey] : [question.key]),
    [question.key, question.idKey],
  );
  const errors = useFieldErrors(shownKeys);
  const { text } = useLanguage();
  const events = useFieldEvents([question.key]);
  const [suggestions, setSuggestions] = useState<LookupSuggestion[]>([]);
  const [noList, setNoList] = useState(false);
  const running = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Where the list is rendered: right after the input, not at the end of the page.
  const [listHome, setListHome] = useState<HTMLDivElement | null>(null);
  const listOpen = useRef(false);
  const onOpenChange = (isOpen: boolean) => {
    if (isOpen === listOpen.current) return;
    listOpen.current = isOpen;
    keepPageVisible(isOpen);
  };
  useEffect(
    () => () => {
      if (listOpen.current) keepPageVisible(false);
    },
    [],
  );
  /** The text React Aria writes back after a choice; not a new free-text entry. */
  const chosenText = useRef<string | null>(null);

  const search = useMemo(
    () =>
      debounce(
        (text: string) => {
          running.current?.abort();
          const controller = new AbortController();
          running.current = controller;
          findSuggestions(text, question.category, controller.signal).then(
            (found) => {
              if (controller.signal.aborted) return;
              setSuggestions(uniqueById(found.suggestions));
              // Kept once said: the list does not come back while the applicant types.
              if (found.noList) setNoList(true);
            },
            () => {},
          );
        },
        LOOKUP_DEBOUNCE_MS,
        LOOKUP_MAX_WAIT_MS,
      ),
    [question.category],
  );
  useEffect(
    () => () => {
      search.cancel();
      running.current?.abort();
    },
    [search],
  );

  /** Answers this field filled from the last suggestion chosen here (its id key included). */
  const filled = useRef<string[]>([]);
  const related = useMemo(
    () =>
      [...new Set([...Object.values(question.fills ?? {}), question.idKey ?? ""])].filter(
        (key) => key !== "" && key !== question.key,
      ),
    [question.fills, question.idKey, question.key],
  );
  const clear = (keys: readonly string[]) => {
    for (const key of keys) if (answerStore.get(key) !== "") setAnswer(key, "");
    filled.current = [];
  };

  const onInputChange = (text: string) => {
    if (chosenText.current !== null && text === chosenText.current) return;
    chosenText.current = null;
    setValue(text);
    if (text.trim() === "") {
      search.cancel();
      running.current?.abort();
      setSuggestions([]);
      // An entity (with an id) takes all its details with it; otherwise what the choice filled.
      clear(question.idKey ? related : filled.current);
      return;
    }
    if (question.idKey && answerStore.get(question.idKey) !== "") clear(related);
    search(text.trim());
  };

  const choose = async (id: string) => {
    const item = suggestions.find((suggestion) => suggestion.id === id);
    if (!item) return;
    // React Aria writes the suggestion's text into the input next; the answer stays what was
    // typed until the details say otherwise.
    const typed = answerStore.get(question.key);
    chosenText.current = item.text;
    search.cancel();
    running.current?.abort();
    setSuggestions([]);
    if (question.idKey) setAnswer(question.idKey, item.id);
    filled.current = question.idKey ? [question.idKey] : [];
    const details = await findDetails(item.id, question.category).catch(() => null);
    // Silent on failure (spec §8); too late if the applicant typed on meanwhile.
    if (!details || answerStore.get(question.key) !== typed) return;
    const values: Record<string, string> = {};
    for (const [field, key] of Object.entries(question.fills ?? {})) {
      const found = details[field as keyof typeof details];
      if (found !== undefined && key !== question.key) values[key] = found;
    }
    filled.current.push(...fillAnswers(values));
    const label = details.name ?? details.address_line_1;
    if (label) {
      setValue(label);
      return;
    }
    // A place, not a street: the street line is for the street.
    const stateName = details.state ? optionLabel({ list: "usStates" }, details.state) : undefined;
    const street = streetLineAfterPlace(typed, { ...details, ...(stateName ? { stateName } : {}) });
    if (street !== typed) setValue(street);
    input.current?.focus();
  };

  return (
    <AriaLocale>
      <ComboBox
        id={question.key}
        className="field"
        inputValue={value}
        onInputChange={onInputChange}
        selectedKey={null}
        onSelectionChange={(key) => {
          if (key !== null) void choose(String(key));
        }}
        items={suggestions}
        allowsCustomValue
        menuTrigger="input"
        onOpenChange={onOpenChange}
        onBlur={events.left}
        isInvalid={errors.length > 0}
        isRequired={required}
        validationBehavior="aria"
      >
        <Label className="field__label">
          {question.label}
          <RequiredMark required={required} />
        </Label>
        <Description text={question.description} />
        <Input
          ref={input}
          className="field__input"
          maxLength={DEFAULT_TEXT_MAX}
          autoComplete={question.autoComplete ?? "off"}
        />
        <div ref={setListHome} className="combobox__list-home" />
        <ErrorMessage errors={errors} keys={shownKeys} />
        {/* A live region from the start, so that the note is announced once when it comes. */}
        <p className="field__description" role="status">
          {noList ? text(NO_SCHOOL_LIST_MESSAGE) : null}
        </p>
        <OpenOnSuggestions suggestions={suggestions} />
        <Popover className="popover combobox__popover" UNSTABLE_portalContainer={listHome ?? undefined}>
          <ListBox className="listbox">
            {(item: LookupSuggestion) => (
              <ListBoxItem id={item.id} textValue={item.text} className="listbox__item">
                <Text slot="label">{item.text}</Text>
                {item.sub_text ? (
                  <Text slot="description" className="listbox__subtext">
                    {item.sub_text}
                  </Text>
                ) : null}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </AriaLocale>
  );
}

/**
 * React Aria opens the list when the text changes and suggestions are already there; ours arrive
 * after typing pauses, so open it when they do (while the applicant is still in the field). Only
 * a new list opens it: the state object is new on every render, and reopening on that would undo
 * Escape at once (the list could not be closed by keyboard).
 */
function OpenOnSuggestions({ suggestions }: { suggestions: readonly LookupSuggestion[] }) {
  const state = useContext(ComboBoxStateContext);
  const current = useRef(state);
  current.current = state;
  useEffect(() => {
    const combo = current.current;
    if (combo && suggestions.length > 0 && combo.isFocused && !combo.isOpen) combo.open(null, "input");
  }, [suggestions]);
  return null;
}

function uniqueById(items: readonly LookupSuggestion[]): LookupSuggestion[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}
