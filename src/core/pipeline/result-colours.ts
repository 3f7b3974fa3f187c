/**
 * Created once: the result colours of a sheet (conditional format rules, src/sheet/result-colours.ts)
 * are added the first time results are written there, and extended to each result column the
 * add-on adds later (a new `Status [channel]`) while they are there. A seller who deleted them
 * has said no: they are not brought back. Their own rules are never touched. One document
 * property per sheet remembers that the colours were made (read at most once per execution),
 * keyed by the sheet's id: a renamed sheet keeps its memory (deleted colours stay deleted), and a
 * new sheet under an old name — a fresh export put in place of the stock sheet — gets its colours.
 */
import { isOwnColourRule, resultColourRulesFor } from '../../sheet';
import { QuotaError } from '../kernel/errors';
import type { CellValue, KeyValueStore, SheetPort } from '../kernel/ports';

const MARK_PREFIX = 'resultColours.';
const markKey = (sheet: Pick<SheetPort, 'id'>): string => `${MARK_PREFIX}id:${sheet.id}`;

/** Sheets known to be coloured, per execution's store: the marker is read once, not per write. */
const known = new WeakMap<KeyValueStore, Set<number>>();

/**
 * Colours the result columns of `sheet` once (see above). `header` is the header row as written;
 * `columnsAdded`: result columns were just created. Two Sheets calls when it acts, none otherwise.
 * Best effort: with the properties quota used up, the colours wait for another day — the results,
 * already written, matter more.
 */
export function keepResultColours(
  sheet: SheetPort,
  header: readonly CellValue[],
  store: KeyValueStore,
  columnsAdded: boolean,
  channelAliases?: Readonly<Record<string, string>>,
): void {
  try {
    const seen = known.get(store) ?? new Set<number>();
    known.set(store, seen);
    const made = seen.has(sheet.id) || store.get(markKey(sheet)) !== null;
    if (made) seen.add(sheet.id);
    if (made && !columnsAdded) return;
    const rules = resultColourRulesFor(header, channelAliases);
    if (rules.length === 0) return;
    sheet.replaceOwnColourRules(rules, isOwnColourRule, made);
    if (!made) {
      store.set(markKey(sheet), 'made');
      seen.add(sheet.id);
    }
  } catch (e) {
    if (!(e instanceof QuotaError)) throw e;
  }
}
