import { type ReactNode, startTransition, useContext, useEffect, useMemo, useRef, useState } from "react";
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import type { Option } from "../../form/catalogue-types";
import { AriaLocale } from "../../i18n/aria-locale";
import { whenIdle } from "../../lib/when-idle";
import { RequiredMark } from "./field-parts";
import { FormEngagedContext } from "./form-engaged";
import { MENU_OFFSET_PX, type MenuSpace, menuSpace } from "./select-menu-space";

/** React Aria keys cannot be empty: the "--" option (empty answer) uses this one. */
const EMPTY_KEY = "--empty--";

type SelectControlProps = {
  id: string;
  label: string;
  options: readonly Option[];
  value: string;
  /** Called with the value and its label ("" for the empty option). */
  onChange: (value: string, label: string) => void;
  onBlur?: () => void;
  isInvalid: boolean;
  /** Exposed on the control (`aria-required`); also marks the label unless `markRequired` is false. */
  isRequired?: boolean;
  /** Default: as `isRequired`. False where a group's legend carries the mark (a month/year pair). */
  markRequired?: boolean;
  autoComplete?: string | undefined;
  labelClassName?: string;
  /** Description and error parts, rendered inside the field so React Aria links them. */
  children?: ReactNode;
  /** Rendered between the label and the button (the description). */
  beforeButton?: ReactNode;
  "aria-describedby"?: string | undefined;
};

/**
 * A React Aria select over option values; the first option "--" means no answer. The trigger's id
 * is the answer key, so /{page}#{key} focuses it.
 *
 * The trigger is a button exposed as a select-only combo box (the ARIA pattern, and what React
 * Aria's button is not): a button cannot carry `aria-required` or `aria-invalid`, so a select's
 * required and invalid states were never exposed, unlike every other control's (issue 30). Its
 * name is its label alone (the chosen option is its value, read after it), and its description
 * links its help text and errors (React Aria's `aria-describedby`).
 *
 * React Aria builds a select's whole list when it renders, open or not (its items, and a hidden
 * native select with an option each, for autofill): 250 countries cost more than the rest of the
 * question, and /about has 13 selects (issue 15). Until the applicant comes near it (focus,
 * pointer over it, opening it), the list holds only the empty option and the chosen one, which is
 * all a closed select shows. A select that the browser's autofill may fill (`autoComplete`) gets
 * its whole list in an idle moment once the applicant has focused any question of the form, as
 * autofill starts from a focused field.
 */
export function SelectControl({
  id,
  label,
  options,
  value,
  onChange,
  onBlur,
  isInvalid,
  isRequired = false,
  markRequired = isRequired,
  autoComplete,
  labelClassName = "field__label",
  children,
  beforeButton,
  ...aria
}: SelectControlProps) {
  const items = useMemo(
    () => options.map((option) => ({ ...option, id: option.value === "" ? EMPTY_KEY : option.value })),
    [options],
  );
  const selected = value === "" ? EMPTY_KEY : items.some((item) => item.id === value) ? value : null;
  const [whole, setWhole] = useState(false);
  const listed = useMemo(
    () => (whole ? items : items.filter((item) => item.id === EMPTY_KEY || item.id === selected)),
    [whole, items, selected],
  );
  // Near it: the list renders as a transition, so that a Tab or a hover is not held up by it.
  const comeNear = () => {
    if (!whole) startTransition(() => setWhole(true));
  };
  const formEngaged = useContext(FormEngagedContext);
  useEffect(() => {
    if (whole || !autoComplete || !formEngaged) return;
    return whenIdle(() => startTransition(() => setWhole(true)), 2_000, 50);
  }, [whole, autoComplete, formEngaged]);
  const trigger = useRef<HTMLButtonElement>(null);
  const labelId = `${id}-label`;
  const [menu, setMenu] = useState<MenuSpace>({ placement: "bottom start", maxHeight: 300 });
  return (
    <AriaLocale>
      <Select
        id={id}
        className="field"
        value={selected}
        onChange={(key) => {
          const item = items.find((candidate) => candidate.id === key);
          if (item) onChange(item.value, item.value === "" ? "" : item.label);
        }}
        onBlur={onBlur}
        onFocus={comeNear}
        isInvalid={isInvalid}
        isRequired={isRequired}
        validationBehavior="aria"
        autoComplete={autoComplete}
        placeholder="--"
        aria-describedby={aria["aria-describedby"]}
        // Spec §9: the menu keeps 100 px from the window's top and bottom (select-menu-space.ts).
        onOpenChange={(isOpen) => {
          // Opened, the whole list shows in the same render (not as a transition).
          if (isOpen) setWhole(true);
          const rect = trigger.current?.getBoundingClientRect();
          if (isOpen && rect) setMenu(menuSpace(rect, window.innerHeight));
        }}
      >
        <Label id={labelId} className={labelClassName}>
          {label}
          <RequiredMark required={markRequired} />
        </Label>
        {beforeButton}
        <Button
          ref={trigger}
          className="field__input select__button"
          onHoverStart={comeNear}
          render={(props) => (
            <button
              {...props}
              role="combobox"
              aria-expanded={props["aria-expanded"] ?? false}
              aria-labelledby={labelId}
              aria-required={isRequired || undefined}
              aria-invalid={isInvalid || undefined}
            />
          )}
        >
          <SelectValue className="select__value" />
          <span aria-hidden="true" className="select__chevron">
            ▾
          </span>
        </Button>
        {children}
        <Popover
          className="popover select__popover"
          placement={menu.placement}
          maxHeight={menu.maxHeight}
          offset={MENU_OFFSET_PX}
          shouldFlip={false}
        >
          <ListBox className="listbox" items={listed}>
            {(item) => (
              <ListBoxItem id={item.id} className="listbox__item" textValue={item.label}>
                {item.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </Select>
    </AriaLocale>
  );
}
