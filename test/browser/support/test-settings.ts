/**
 * Settings a browser test saves through the playground's google.script.run bridge, as the
 * sidebar's Settings section would: for a test of something else than the safety settings, the
 * guard rails off and no question before a push (dev/testkit TEST_GUARDS, as the e2e tests have
 * them); the tests of a fresh install's defaults keep the playground as it starts.
 */
import { TEST_GUARDS } from '../../../dev/testkit/test-guards';
import type { PlaygroundProcess } from './playground-process';

/** Saves `settings` (merged over the saved ones) and fails the test if the add-on refused them. */
export async function saveSettings(pg: PlaygroundProcess, settings: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${pg.url}api/run`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Playground': '1' },
    body: JSON.stringify({ name: 'saveSettings', args: [settings] }),
  });
  const answer = await response.json();
  if (!answer.ok || !answer.value?.ok || !answer.value.value?.saved) throw new Error(`saveSettings refused: ${JSON.stringify(answer)}`);
}

/** Guard rails off and pushes never asked first: the settings of a test not about them. */
export function guardsOff(pg: PlaygroundProcess): Promise<void> {
  return saveSettings(pg, { guards: { ...TEST_GUARDS } });
}
