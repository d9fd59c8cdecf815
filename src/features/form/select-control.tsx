import { type ReactNode, useRef, useState } from "react";
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import type { Option } from "../../form/catalogue-types";
import { RequiredMark } from "./field-parts";
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
  /** Marks the label; a select's button cannot carry the state, so its description says it. */
  isRequired?: boolean;
  autoComplete?: string | undefined;
  labelClassName?: string;
  /** Description and error parts, rendered inside the field so React Aria links them. */
  children?: ReactNode;
  /** Rendered between the label and the button (the description). */
  beforeButton?: ReactNode;
  "aria-describedby"?: string | undefined;
};

/**
 * A React Aria select over option values; the first option "--" means no answer. The button's id
 * is the answer key, so /{page}#{key} focuses it.
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
  autoComplete,
  labelClassName = "field__label",
  children,
  beforeButton,
  ...aria
}: SelectControlProps) {
  const items = options.map((option) => ({ ...option, id: option.value === "" ? EMPTY_KEY : option.value }));
  const selected = value === "" ? EMPTY_KEY : items.some((item) => item.id === value) ? value : null;
  const trigger = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<MenuSpace>({ placement: "bottom start", maxHeight: 300 });
  return (
    <Select
      id={id}
      className="field"
      value={selected}
      onChange={(key) => {
        const item = items.find((candidate) => candidate.id === key);
        if (item) onChange(item.value, item.value === "" ? "" : item.label);
      }}
      onBlur={onBlur}
      isInvalid={isInvalid}
      isRequired={isRequired}
      validationBehavior="aria"
      autoComplete={autoComplete}
      placeholder="--"
      aria-describedby={aria["aria-describedby"]}
      // Spec §9: the menu keeps 100 px from the window's top and bottom (select-menu-space.ts).
      onOpenChange={(isOpen) => {
        const rect = trigger.current?.getBoundingClientRect();
        if (isOpen && rect) setMenu(menuSpace(rect, window.innerHeight));
      }}
    >
      <Label className={labelClassName}>
        {label}
        <RequiredMark required={isRequired} />
      </Label>
      {beforeButton}
      <Button ref={trigger} className="field__input select__button">
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
        <ListBox className="listbox" items={items}>
          {(item) => (
            <ListBoxItem id={item.id} className="listbox__item" textValue={item.label}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
