import * as z from 'zod/mini';
import '../../api/schemas/messages';
import type { Context } from '../../core/kernel/context';
import { UserError } from '../../core/kernel/errors';
import { pullCatalogue as pull } from '../../core/catalogue/pull';
import { refreshSelectedRows as refresh } from '../../core/catalogue/refresh';
import { PULL_SORTS, type PullOutcome, type RefreshOutcome } from '../../core/pipeline/hub-reads/types';
import { menuCall, sidebarCall, type Result } from '../serve';

const CHANNEL_CODE = /^[a-z0-9][a-z0-9_.-]*$/i;

const PullArgs = z.lazy(() =>
  z._default(
    z.object({
      channel: z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(40),
          z.refine((s) => s === '' || CHANNEL_CODE.test(s), 'a channel code is letters and digits, such as amazon'),
        ),
      ),
      sort: z.optional(z.union([z.enum(PULL_SORTS), z.literal('')])),
      overwriteEdits: z.optional(z.boolean()),
    }),
    {},
  ),
);

function pullArgs(value: unknown): z.infer<typeof PullArgs> {
  const parsed = PullArgs.safeParse(value ?? undefined);
  if (!parsed.success) throw new UserError(`Pull catalogue: ${parsed.error.issues[0]?.message ?? 'unexpected options'}.`);
  return parsed.data;
}

/**
 * Sidebar: pulls the catalogue. `options`: `{channel?, sort?: 'alph_asc'|'alph_desc', overwriteEdits?}`.
 * Without overwriteEdits, a sheet holding unpushed edits answers `needsConfirmation` and nothing is written.
 */
export function pullCatalogue(options?: unknown): Result<PullOutcome> {
  return sidebarCall((ctx) => {
    const args = pullArgs(options);
    return pull(ctx, { channel: args.channel || undefined, sort: args.sort || undefined }, () => args.overwriteEdits === true);
  });
}

/** Sidebar: refreshes the selected rows of Stock & Prices from the hub (same confirmation rule as the pull). */
export function refreshSelectedRows(overwriteEdits?: boolean): Result<RefreshOutcome> {
  return sidebarCall((ctx) => refresh(ctx, () => overwriteEdits === true));
}

const menuConfirm =
  (ctx: Context, title: string) =>
  (question: string): boolean =>
    ctx.ports.notifier.confirm(question, title);

function told(outcome: PullOutcome | RefreshOutcome, what: string): string {
  return outcome.status === 'done'
    ? outcome.message
    : `${what}: nothing was changed; your edits are kept. Push changes to send them first.`;
}

/** Menu: pulls every channel; new SKUs are appended in SKU order. */
export function pullCatalogueFromMenu(): void {
  menuCall('Pull catalogue', (ctx) => told(pull(ctx, { sort: 'alph_asc' }, menuConfirm(ctx, 'Pull catalogue')), 'Pull catalogue'));
}

/** Menu: asks for a channel code and pulls the products listed there (only that channel's columns). */
export function pullCatalogueChannelFromMenu(): void {
  menuCall('Pull catalogue for one channel', (ctx) => {
    const answer = ctx.ports.notifier.prompt(
      'Channel code to pull (for example mercadolibre, amazon, walmart). Only products listed on it are pulled, and only its columns are written:',
      'Pull catalogue for one channel',
    );
    if (answer === null || answer.trim() === '') return null;
    const channel = answer.trim();
    if (!CHANNEL_CODE.test(channel)) throw new UserError(`'${channel}' is not a channel code: write it like mercadolibre or amazon.`);
    return told(pull(ctx, { channel, sort: 'alph_asc' }, menuConfirm(ctx, 'Pull catalogue')), 'Pull catalogue');
  });
}

/** Menu: refreshes the selected rows from the hub. */
export function refreshSelectedFromMenu(): void {
  menuCall('Refresh selected rows', (ctx) => told(refresh(ctx, menuConfirm(ctx, 'Refresh selected rows')), 'Refresh selected rows'));
}
