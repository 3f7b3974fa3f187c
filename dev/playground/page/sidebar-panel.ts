/**
 * The add-on's sidebar: the real HTML it passed to showSidebar, served with the google.script
 * bridge, in a 300 px panel like Sheets' (page.css `#sidebar-panel`): "All sidebars shown by
 * scripts are 300 pixels wide"
 * (https://developers.google.com/apps-script/reference/base/ui#showSidebar(Object)), so the width
 * the add-on asked for is not used. Reopening it from the menu loads it afresh.
 */
import { byId } from './dom';

let shownVersion = 0;

function panel(): HTMLElement {
  return byId('sidebar-panel');
}

export function closeSidebar(): void {
  panel().hidden = true;
  document.body.classList.remove('sidebar-open');
  byId<HTMLIFrameElement>('sidebar-frame').removeAttribute('src');
}

/** Opens (or reloads) the sidebar when the add-on showed it again. */
export function syncSidebar(sidebar: { version: number; title: string; width: number } | null): void {
  if (!sidebar || sidebar.version === shownVersion) return;
  shownVersion = sidebar.version;
  byId('sidebar-title').textContent = sidebar.title || 'Sidebar';
  const frame = byId<HTMLIFrameElement>('sidebar-frame');
  frame.src = `/sidebar?v=${sidebar.version}`;
  panel().hidden = false;
  document.body.classList.add('sidebar-open');
}

export function initSidebarPanel(): void {
  byId('sidebar-close').addEventListener('click', closeSidebar);
  window.addEventListener('message', (e) => {
    const frame = byId<HTMLIFrameElement>('sidebar-frame');
    if (e.origin !== window.location.origin || e.source !== frame.contentWindow) return;
    const data = e.data as { source?: string; type?: string };
    if (data?.source !== 'hub-sync-playground') return;
    if (data.type === 'close-sidebar') closeSidebar();
    if (data.type === 'focus-editor') byId('grid').focus();
  });
}
