import { countOf } from '../../sheet/count-words';
import { hubClient } from '../../core/settings/context';
import { UserError } from '../../core/kernel/errors';
import { refreshJobs as refresh, type JobsSummary } from '../../core/jobs/refresh';
import type { StatusRequestResult } from '../../api/schemas/stock';
import type { Deprecation } from '../../api/deprecation';
import { menuCall, sidebarCall, type Result } from '../serve';

/** Menu: reads every open async job and writes its results. */
export function refreshJobResults(): void {
  menuCall('Refresh job results', (ctx) => refresh(ctx).message);
}

/** Sidebar: the same, returning the job list for the job monitor. */
export function refreshJobs(): Result<JobsSummary> {
  return sidebarCall((ctx) => refresh(ctx));
}

function checkOldJob(
  ctx: Parameters<Parameters<typeof sidebarCall>[0]>[0],
  jobId: string,
): StatusRequestResult & { deprecation: Deprecation } {
  const id = String(jobId ?? '').trim();
  if (!/^\d+$/.test(id)) throw new UserError('Enter the numeric id of the old async job (e.g. 123456).');
  return hubClient(ctx).getStatusRequest(id);
}

/** What the seller is told when the hub's answer carries a Deprecation header. */
export function deprecationNote(d: Deprecation): string {
  if (!d.deprecated) return '';
  return ` The hub marks Get Status Request as deprecated: use Refresh job results (Get Job Status${d.successor ? `, ${d.successor}` : ''}) for jobs sent from this add-on.`;
}

/** Sidebar: Get Status Request (deprecated since January 2020) for an old async job id. */
export function getOldJobStatus(jobId: string): Result<StatusRequestResult & { deprecation: Deprecation }> {
  return sidebarCall((ctx) => checkOldJob(ctx, jobId));
}

/** Menu: asks for an old job id and shows its status (deprecated endpoint, kept for old ids). */
export function checkOldJobStatus(): void {
  menuCall('Old job status (deprecated)', (ctx) => {
    const id = ctx.ports.notifier.prompt(
      'Job id of an old async job (Get Status Request is deprecated since January 2020; new jobs use Refresh job results):',
      'Old job status (deprecated)',
    );
    if (id === null) return null;
    const r = checkOldJob(ctx, id);
    ctx.ports.notifier.alert(
      `Job ${r.jobId}: ${r.status} \u2014 ${r.processed} of ${countOf(r.total, 'item')} processed.${deprecationNote(r.deprecation)}`,
      'Old job status (deprecated)',
    );
    return null;
  });
}
