import type { Key, ReactNode } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import type { Section } from "../../form/catalogue-types";

/**
 * A tabbed section's tab list and the chosen tab's panel, holding `children` (the chosen tab's
 * questions). Arrows move between tabs; Enter or Space chooses (manual activation: choosing clears
 * the left tab's answers, so moving focus alone never does it).
 */
export function FormTabs({
  tabs,
  tab,
  labelledBy,
  onChoose,
  children,
}: {
  tabs: NonNullable<Section["tabs"]>;
  tab: string;
  labelledBy: string;
  onChoose: (to: string) => void;
  children: ReactNode;
}) {
  return (
    <Tabs
      className="form-tabs"
      selectedKey={tab}
      keyboardActivation="manual"
      onSelectionChange={(key: Key) => onChoose(String(key))}
    >
      <TabList className="form-tabs__list" aria-labelledby={labelledBy}>
        {tabs.tabs.map((entry) => (
          <Tab key={entry.id} id={entry.id} className="form-tabs__tab">
            {entry.label}
          </Tab>
        ))}
      </TabList>
      {tabs.tabs.map((entry) => (
        <TabPanel key={entry.id} id={entry.id} className="form-tabs__panel">
          {entry.id === tab ? children : null}
        </TabPanel>
      ))}
    </Tabs>
  );
}
