/** Renaming and deleting a sheet from its tab, with Sheets' own questions and refusals. */
import { api } from './api';
import { openModal } from './modal';
import type { SheetMenuContext } from './sheet-menus';

export async function renameSheet(ctx: SheetMenuContext, name: string): Promise<void> {
  const r = await openModal({
    id: 'rename',
    title: 'Rename sheet',
    fields: [{ name: 'name', label: 'Sheet name', value: name }],
    buttons: [
      { label: 'Cancel', value: 'CANCEL' },
      { label: 'OK', value: 'OK', primary: true },
    ],
    closeValue: 'CANCEL',
    validate: (_, f) => (f.name.trim() === '' ? 'A sheet needs a name.' : null),
  });
  if (r.value !== 'OK' || r.fields.name.trim() === name) return;
  const to = r.fields.name.trim();
  // Asked before the request: a status poll may switch the grid away from the vanished name meanwhile.
  const onScreen = ctx.sheet() === name;
  try {
    await ctx.track(api.renameSheet(name, to));
    if (onScreen) ctx.show(to);
  } catch (e) {
    ctx.report('Could not rename the sheet', e);
  }
}

export async function deleteSheet(ctx: SheetMenuContext, name: string): Promise<void> {
  const r = await openModal({
    id: 'delete-sheet',
    title: 'Delete sheet',
    message: `Are you sure you want to delete \u201c${name}\u201d? (Edit \u203a Undo brings it back.)`,
    buttons: [
      { label: 'Cancel', value: 'CANCEL' },
      { label: 'OK', value: 'OK', primary: true },
    ],
    closeValue: 'CANCEL',
  });
  if (r.value === 'OK') await ctx.track(api.deleteSheet(name)).catch((e: unknown) => ctx.report('Could not delete the sheet', e));
}

/** A tab's right-click: what Sheets' tab menu offers that matters to the add-on. */
export async function tabMenu(ctx: SheetMenuContext, name: string): Promise<void> {
  const r = await openModal({
    id: 'tab-menu',
    title: `Sheet \u201c${name}\u201d`,
    buttons: [
      { label: 'Delete', value: 'DELETE' },
      { label: 'Rename\u2026', value: 'RENAME', primary: true },
    ],
    closeValue: 'CANCEL',
  });
  if (r.value === 'RENAME') await renameSheet(ctx, name);
  else if (r.value === 'DELETE') await deleteSheet(ctx, name);
}
