/** The stock sheet the Push section pushes: named above its buttons, and passed with every push, preview and undo. */
import type { SheetChoice } from '../../../core/pipeline/sheet-choice';
import { h } from '../../dom';
import { currentState, type SidebarState } from '../../state';

/** One sentence naming the sheet a push from here acts on, and what to do when it is not the one the seller is on (pure). */
export function sheetSentence(choice: SheetChoice): string {
  if (choice.refusal) return choice.refusal.replace(/^Nothing was sent: /, 'Push is refused: ');
  if (choice.active !== null && choice.active !== choice.sheet)
    return `Pushes the stock sheet "${choice.sheet}": "${choice.active}" is not a stock sheet.`;
  return `Pushes "${choice.sheet}", the sheet you are on.`;
}

/**
 * The sheet the server is asked to push: the one the panel named (the seller's tab when it was
 * refused, so that the server refuses it the same way); undefined before the state is loaded.
 */
export function panelSheet(): string | undefined {
  const choice = currentState()?.stockSheet;
  if (!choice) return undefined;
  return (choice.refusal ? choice.active : choice.sheet) ?? undefined;
}

/** The line naming the sheet, updated with each state. */
export function createSheetLine(): { node: HTMLElement; update(state: SidebarState): void } {
  const node = h('p', { id: 'push-sheet', class: 'hint' });
  return {
    node,
    update(state) {
      node.textContent = state.stockSheet ? sheetSentence(state.stockSheet) : '';
      node.classList.toggle('error', state.stockSheet?.refusal != null);
    },
  };
}
