/**
 * (a) A row (or a channel) that says OK — or Undone, an undo's confirmation — holds its promise:
 * the hub holds exactly the value that left for that SKU and channel, in the latest step that sent
 * values for the SKU (a job's results are written steps after the job left). A value changed on the
 * hub behind the add-on's back since it left is accounted for, never counted.
 */
import { partsOf, type HubValues } from './hub-values';
import { landing } from './landing';
import type { Ledger, StepRecord } from './ledger';
import { repeatedSkus, sheetRows } from './sheet-rows';

const CONFIRMED = new Set(['OK', 'Undone']);

export function checkLanded(
  values: readonly unknown[][],
  ledger: Ledger,
  step: StepRecord,
  from: number,
  hub: HubValues,
): { violations: string[]; checked: number } {
  const violations: string[] = [];
  let checked = 0;
  const rows = sheetRows(values);
  const twice = repeatedSkus(rows);
  for (const r of rows) {
    if (!r.sku || twice.has(r.sku) || r.syncedAt === null || r.syncedAt < from) continue;
    const rowOk = CONFIRMED.has(r.status);
    const channels = Object.entries(r.channels)
      .filter(([, s]) => CONFIRMED.has(s))
      .map(([c]) => c);
    if (!rowOk && channels.length === 0) continue;
    const sending = ledger.lastSending(r.sku, step.index);
    if (!sending) continue;
    const landed = landing(
      sending.sent.filter((s) => s.sku === r.sku),
      sending.hubBefore,
    );
    for (const [key, { value }] of landed) {
      const { channel } = partsOf(key);
      const speaks = rowOk || (channel !== null && channels.includes(channel));
      if (!speaks || ledger.changedExternally(key, sending.index, step.index)) continue;
      checked++;
      const have = hub.get(key);
      if (have !== value) {
        const says = rowOk ? `says ${r.status}` : `says ${r.channels[channel as string]} for ${channel}`;
        violations.push(
          `row ${r.row} (${r.sku}) ${says}, but the hub holds ${key} = ${have ?? 'nothing'}, not the ${value} that left in step ${sending.index + 1}`,
        );
      }
    }
  }
  return { violations, checked };
}
