import { useEffect, useState } from "react";
import {
  Button,
  CheckboxButton,
  CheckboxField,
  Input,
  Label,
  Radio,
  RadioGroup,
  SearchField,
} from "react-aria-components";
import type { StaffFilter, StaffStatusCounts, StaffWebStatus } from "../shared/staff";

const STATUS_LABELS: Record<StaffWebStatus | "all", string> = {
  all: "All",
  started: "Started",
  validating: "Validating",
  submitted: "Submitted",
};

/** Search (on Enter or the button), status with its count, and documents still converting. */
export function ListFilters({
  filter,
  counts,
  onChange,
}: {
  filter: StaffFilter;
  counts: StaffStatusCounts | undefined;
  onChange: (next: StaffFilter) => void;
}) {
  const [text, setText] = useState(filter.q ?? "");
  useEffect(() => setText(filter.q ?? ""), [filter.q]);
  const label = (status: StaffWebStatus | "all") =>
    counts ? `${STATUS_LABELS[status]} (${counts[status]})` : STATUS_LABELS[status];

  return (
    <div className="staff-filters">
      <search className="staff-filters__search">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ ...filter, q: text });
          }}
        >
          <div className="staff-filters__row">
            {/* A Button inside SearchField would be its clear button: Search sits beside it. */}
            <SearchField
              className="field"
              value={text}
              onChange={setText}
              onClear={() => onChange({ ...filter, q: "" })}
            >
              <Label className="field__label">Search by name or e-mail</Label>
              <Input className="field__input" />
            </SearchField>
            <Button type="submit" className="button button--primary">
              Search
            </Button>
          </div>
        </form>
      </search>
      <RadioGroup
        className="field"
        value={filter.status ?? "all"}
        onChange={(value) =>
          onChange({ ...filter, status: value === "all" ? undefined : (value as StaffWebStatus) })
        }
        orientation="horizontal"
      >
        <Label className="field__label">Status</Label>
        <div className="radio-list radio-list--inline">
          {(["all", "started", "validating", "submitted"] as const).map((status) => (
            <Radio key={status} value={status} className="radio">
              {label(status)}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <CheckboxField
        className="field field--checkbox"
        isSelected={filter.converting ?? false}
        onChange={(converting) => onChange({ ...filter, converting })}
      >
        <CheckboxButton className="checkbox">
          <span className="checkbox__box" aria-hidden="true">
            <svg viewBox="0 0 18 18" width="18" height="18" aria-hidden="true">
              <polyline points="3,9.5 7,13.5 15,5" fill="none" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </span>
          <span className="checkbox__label">Only applications with documents still converting</span>
        </CheckboxButton>
      </CheckboxField>
    </div>
  );
}
