/**
 * The tabs at the top of the sidebar and the panels they show one at a time (the WAI-ARIA tabs
 * pattern, automatic activation: every panel is already built, so showing one is instant).
 * Only the selected tab is in the Tab order; the arrows, Home and End move between tabs.
 */
import { h } from '../dom';
import { SECTIONS, panelId, tabId, tabKeyTarget, type SectionId } from '../sections';

export interface SectionNav {
  /** The tab list; with the panels, hidden until the first state says which section opens. */
  tabs: HTMLElement;
  panels: HTMLElement[];
  /** Opens the section the first state chose (once: later states never move the seller). */
  reveal(section: SectionId): void;
  /** Shows a section; `focusTab` moves the keyboard to its tab, as the arrow keys do. */
  select(section: SectionId, focusTab?: boolean): void;
  /** Puts the keyboard on the selected tab (where focus goes when what held it disappears). */
  focusCurrentTab(): void;
}

/** A section's tab: out of the Tab order and unselected until `select` picks it. */
function tabButton(id: SectionId, label: string): HTMLButtonElement {
  return h(
    'button',
    {
      id: tabId(id),
      type: 'button',
      role: 'tab',
      'aria-selected': 'false',
      'aria-controls': panelId(id),
      tabindex: -1,
      'data-section': id,
    },
    label,
  );
}

/** A section's panel, hidden until its tab is selected. */
function panelBox(id: SectionId, content: HTMLElement[]): HTMLElement {
  // Focusable: a panel opens with a heading, not a control, so Tab from the tabs lands on the panel itself.
  return h('div', { id: panelId(id), role: 'tabpanel', 'aria-labelledby': tabId(id), tabindex: 0, class: 'panel', hidden: true }, content);
}

/** `contents`: each section's elements; `onShow`: called each time a section is shown. */
export function createSectionNav(
  contents: Record<SectionId, HTMLElement[]>,
  onShow: Partial<Record<SectionId, () => void>> = {},
): SectionNav {
  const tabButtons = new Map<SectionId, HTMLButtonElement>();
  const panelBoxes = new Map<SectionId, HTMLElement>();
  for (const { id, label } of SECTIONS) {
    tabButtons.set(id, tabButton(id, label));
    panelBoxes.set(id, panelBox(id, contents[id]));
  }
  const tabs = h('div', { id: 'sections', role: 'tablist', 'aria-label': 'Sidebar sections', class: 'tabs', hidden: true }, [
    ...tabButtons.values(),
  ]);

  let current: SectionId = 'push';
  let revealed = false;

  function select(section: SectionId, focusTab = false): void {
    const moved = section !== current;
    current = section;
    for (const { id } of SECTIONS) {
      const on = id === section;
      const tab = tabButtons.get(id) as HTMLButtonElement;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      (panelBoxes.get(id) as HTMLElement).hidden = !on;
    }
    // A long panel (Settings) may have been scrolled: the next one starts at its top.
    if (moved) window.scrollTo(0, 0);
    if (focusTab) (tabButtons.get(section) as HTMLButtonElement).focus();
    onShow[section]?.();
  }

  tabs.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest<HTMLElement>('[role="tab"]');
    if (tab) select(tab.dataset.section as SectionId);
  });
  tabs.addEventListener('keydown', (event) => {
    // Alt+arrow is the browser's Back/Forward; modified keys are not the tabs' to take.
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const index = SECTIONS.findIndex((s) => s.id === current);
    const to = tabKeyTarget(event.key, index, SECTIONS.length);
    if (to === null) return;
    event.preventDefault();
    select(SECTIONS[to].id, true);
  });

  return {
    tabs,
    panels: [...panelBoxes.values()],
    reveal(section) {
      if (revealed) return;
      revealed = true;
      tabs.hidden = false;
      select(section);
    },
    select,
    focusCurrentTab() {
      (tabButtons.get(current) as HTMLButtonElement).focus();
    },
  };
}
