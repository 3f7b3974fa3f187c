import { sectionStamps, type LiveSection } from '../../core/kernel/live';
import { sidebarSections, type SidebarSections } from '../../core/background/sidebar-state';
import { openDocumentStamps } from '../../platform/live-stamps';
import { describeError, sidebarCall, type Result } from '../serve';

/**
 * Sidebar, every few seconds while it is in view: each section's stamp. Kept to one properties
 * read (two in the add-on) and the active sheet's id (no cells): no settings, no hub — it runs as
 * often as any call the sidebar makes, so it builds no context.
 */
export function getSidebarRevisions(): Result<Record<LiveSection, string>> {
  try {
    return { ok: true, value: sectionStamps(openDocumentStamps()) };
  } catch (e) {
    return { ok: false, error: describeError(e) };
  }
}

/** Sidebar: the sections whose stamp moved, read again (with every stamp, read before them). */
export function getSidebarSections(sections: string[]): Result<SidebarSections> {
  return sidebarCall((ctx) => sidebarSections(ctx, Array.isArray(sections) ? sections.map(String) : []));
}
