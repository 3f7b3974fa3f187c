import type { Counters } from './types';

/** Fresh counters, every one at zero. */
export function zeroCounters(): Counters {
  return {
    executions: 0,
    serviceCalls: 0,
    sheetsRoundTrips: 0,
    sheetsReads: 0,
    sheetsWrites: 0,
    cellsRead: 0,
    cellsWritten: 0,
    fetchCalls: 0,
    fetchRequests: 0,
    propertyReads: 0,
    propertyWrites: 0,
    cacheOps: 0,
    lockAcquires: 0,
    lockWaits: 0,
    lockWaitMs: 0,
    scriptLockHolds: 0,
    scriptLockHeldMs: 0,
    sleeps: 0,
    sleepMs: 0,
    triggerOps: 0,
    driveOps: 0,
    jsMs: 0,
    bundleLoadMs: 0,
    startupMs: 0,
    fetchMs: 0,
    sheetsMs: 0,
    propertiesMs: 0,
  };
}
