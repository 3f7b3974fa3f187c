/** What a job's items mean for each row: status words, completeness, the deadline. */
import {
  deadlineMessage,
  jobProgress,
  resultsAtDeadline,
  resultsBySku,
  skuResult,
  waitingNotes,
} from '../../../../src/core/jobs/job-results';
import { matchJobItems } from '../../../../src/core/jobs/match-items';
import { isFinalStatus, isKnownPending, itemSucceeded, waitingNote } from '../../../../src/core/jobs/status-words';
import type { PushedValues } from '../../../../src/sheet';
import { item } from './scripted-hub';

const NO_ALIASES = {};
const sentMap = (entries: Record<string, PushedValues>) => new Map(Object.entries(entries));

describe('status words', () => {
  test('only the documented success and known failures are final, as whole words in any case', () => {
    expect(['Finalizado', ' finalizado ', 'FINALIZADO', 'Error', 'Fallido', 'Cancelado', 'rejected'].every(isFinalStatus)).toBe(true);
    expect(['No finalizado', 'Finalizado?', 'Procesado', 'Pendiente', '', 'OK'].some(isFinalStatus)).toBe(false);
  });

  test.each([
    'Producto no encontrado',
    'Error al publicar en Amazon',
    'SKU not found',
    'Update failed',
    'Precio inválido',
    'invalid price',
  ])('a success status with the message "%s" is an error, in the hub\'s words', (message) => {
    const i = item('A', 'Finalizado', 'Amazon', { message });
    expect(itemSucceeded(i)).toBe(false);
    const r = skuResult([i], { quantity: 5 }, NO_ALIASES);
    expect(r.status).toBe('Error');
    expect(r.message).toContain(message);
    expect(r.confirmed).toBeUndefined();
    expect(r.channels.amazon).toContain(message);
  });

  test('a success status with a harmless message stays a success', () => {
    expect(itemSucceeded(item('A', 'Finalizado', 'Amazon', { message: 'Actualizado' }))).toBe(true);
  });

  test("an unknown status keeps the item open and the row shows the hub's word; known pending words need no note", () => {
    expect(isFinalStatus('Procesado parcialmente')).toBe(false);
    expect(waitingNote([item('A', 'Procesado parcialmente')])).toBe(
      "The hub's job says 'Procesado parcialmente' \u2014 waiting for a final status",
    );
    expect(['Pendiente', 'En proceso', 'pending', 'Processing'].every(isKnownPending)).toBe(true);
    expect(waitingNote([item('A', 'Pendiente'), item('A', 'Finalizado', 'Walmart')])).toBeNull();
  });
});

describe('jobProgress: finished only when every sent SKU has a final result', () => {
  const sent = sentMap({ A: { quantity: 5 }, B: { quantity: 6 } });

  test('a SKU with no item keeps the job open', () => {
    const p = jobProgress(matchJobItems([item('A')], new Set(sent.keys())), sent);
    expect(p).toMatchObject({ final: false, missing: 1, items: 1, finalItems: 1 });
  });

  test('an unknown status keeps the job open', () => {
    const p = jobProgress(matchJobItems([item('A'), item('B', 'Procesado')], new Set(sent.keys())), sent);
    expect(p.final).toBe(false);
    expect(waitingNotes(matchJobItems([item('A'), item('B', 'Procesado')], new Set(sent.keys()))).get('B')).toMatch(/'Procesado'/);
  });

  test('every SKU final: finished; a lower-cased SKU counts for its sent SKU, and the row says how the hub named it', () => {
    const matched = matchJobItems(
      [item('a', 'Finalizado', 'Amazon', { stock: 5 }), item('B', 'Finalizado', 'Amazon', { stock: 6 })],
      new Set(sent.keys()),
    );
    expect(jobProgress(matched, sent).final).toBe(true);
    const results = resultsBySku(matched, sent, NO_ALIASES);
    expect(results.get('A')).toMatchObject({ status: 'OK', confirmed: { quantity: 5, 'quantity:amazon': 5 } });
    expect(results.get('A')?.message).toContain("the hub named it 'a'");
    expect(results.get('B')?.message).not.toContain('named');
  });
});

describe('resultsAtDeadline', () => {
  const sent = sentMap({ A: { quantity: 5 }, B: { quantity: 6 }, C: { quantity: 7 }, D: { quantity: 8 } });
  const listed = [
    item('A'),
    item('B', 'Pendiente'),
    item('C', 'Procesado'),
    item('D', 'Error', 'Amazon', { message: 'Publicación pausada' }),
  ];

  test('final SKUs get their result; the others an Error that says to push again, and are unresolved', () => {
    const { results, unresolved } = resultsAtDeadline(matchJobItems(listed, new Set(sent.keys())), sent, NO_ALIASES, true, 24);
    expect(results.get('A')).toMatchObject({ status: 'OK', confirmed: { quantity: 5 } });
    expect(results.get('B')).toEqual({
      status: 'Error',
      message: "No result from the hub's job after 24 h \u2014 push again",
      channels: {},
    });
    expect(results.get('C')?.message).toBe(deadlineMessage(24));
    expect(results.get('D')).toMatchObject({ status: 'Error' });
    expect(results.get('D')?.message).toContain('Publicación pausada');
    expect([...unresolved].sort()).toEqual(['B', 'C']);
  });

  test('the hours come from the setting; a SKU never listed is unresolved too', () => {
    const { results, unresolved } = resultsAtDeadline(matchJobItems([], new Set(sent.keys())), sent, NO_ALIASES, true, 6);
    expect(results.get('A')?.message).toBe("No result from the hub's job after 6 h \u2014 push again");
    expect(unresolved.size).toBe(4);
  });

  test('a read not shown complete confirms nothing: an OK becomes Unconfirmed', () => {
    const { results } = resultsAtDeadline(matchJobItems(listed, new Set(sent.keys())), sent, NO_ALIASES, false, 24);
    expect(results.get('A')?.status).toBe('Unconfirmed');
    expect(results.get('A')?.confirmed).toBeUndefined();
    expect(results.get('A')?.channels.amazon).toBe('Not confirmed');
  });
});
