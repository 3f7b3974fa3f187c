/**
 * The environment the cross-feature suite runs in: one add-on environment (startAddonEnv), a
 * second editor (user B, signed in with the same token), the hub logging every value a write
 * carried, and dialogs answered by a policy the runner sets per step (an undo's "overwrite the
 * values changed since?" is answered as the step chose; every other question Yes / OK).
 */
import type { DialogRequest, Runtime } from '../../gas-runtime';
import { startAddonEnv, typedCall, type AddonEnv, type ServerCall } from '../env';
import type { User } from './scenario';

export const USER_B = 'b@example.com';

/** How the runner wants the next dialogs answered. */
export interface DialogPolicy {
  /** The answer to an undo's question whether to overwrite values changed since. */
  overwrite: boolean;
}

export interface CrossEnv {
  env: AddonEnv;
  /** The public functions run as user A (the env's user) or B. */
  as: Record<User, ServerCall>;
  /** Each user's runtime (selections and opening the spreadsheet are per user). */
  rts: Record<User, Runtime>;
  policy: DialogPolicy;
  close(): Promise<void>;
}

const OVERWRITE_QUESTION = /Overwrite them too\?/;

function answer(policy: DialogPolicy, d: DialogRequest): string {
  if (!d.buttons.startsWith('YES')) return 'OK';
  if (OVERWRITE_QUESTION.test(d.message)) return policy.overwrite ? 'YES' : 'NO';
  return 'YES';
}

export async function startCrossEnv(): Promise<CrossEnv> {
  const policy: DialogPolicy = { overwrite: false };
  const env = await startAddonEnv({
    runtime: { fetchTimeoutMs: 1000, onDialog: (d) => answer(policy, d) },
    // The runner checks for leaks itself after every step.
    leakCheck: false,
  });
  env.adminSync('POST', '/__admin/settings', { logSentValues: true });
  const rtB = env.rt.forUser(USER_B);
  const b = typedCall(rtB);
  for (const [name, r] of [
    ['saveToken', b('saveToken', env.token)],
    ['answerFreezeSku', b('answerFreezeSku', false)],
  ] as const) {
    if (!r.ok) throw new Error(`user B: ${name} failed: ${JSON.stringify(r)}`);
  }
  return { env, as: { A: env.call, B: b }, rts: { A: env.rt, B: rtB }, policy, close: () => env.close() };
}
