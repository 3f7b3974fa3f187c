/** The sidebar's words for a preview and an undo: one source, shared with the menu's dialogs (core/preview/summary.ts). */
export { previewSummary, undoSummary } from '../core/preview/summary';
