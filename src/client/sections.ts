/**
 * The sidebar's sections as tabs: their order and labels, which one opens first, and where each
 * key moves the selection (pure: tested without a DOM).
 */
import type { TokenStatus } from '../core/settings/token';
import { settingsNeedAttention } from './views/settings/token/text';

/** In the order of the tabs. */
const SECTION_IDS = ['push', 'jobs', 'orders', 'catalogue', 'categories', 'columns', 'settings'] as const;

/** The tabs: each one's label is its id, capitalised — one word each, so that all seven fit two rows of a 300 px sidebar. */
export const SECTIONS = SECTION_IDS.map((id) => ({ id, label: `${id[0].toUpperCase()}${id.slice(1)}` }));

export type SectionId = (typeof SECTION_IDS)[number];

export function tabId(section: SectionId): string {
  return `tab-${section}`;
}

export function panelId(section: SectionId): string {
  return `panel-${section}`;
}

/** What decides the first section: the parts of the sidebar state that say whether the hub can be reached. */
export interface Readiness {
  settings: { baseUrl: string };
  token: TokenStatus;
  hubMoved: string | null;
}

/**
 * Settings until the add-on is configured (a base URL and a token that is present, unexpired
 * and issued for that address: nothing else can work without them), Push afterwards.
 */
export function openingSection(state: Readiness): SectionId {
  return settingsNeedAttention(state.settings.baseUrl, state.token, state.hubMoved) ? 'settings' : 'push';
}

/**
 * The tab a key moves to from tab `index` of `count` (WAI-ARIA tabs pattern, horizontal): the
 * arrows step and wrap around, Home and End jump to the ends. Null for any other key, which the
 * tab list leaves to the browser.
 */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
