import * as z from 'zod/mini';
import '../../api/schemas/messages';
import { UserError } from '../../core/kernel/errors';
import { OPERATIONS, SCOPES, type Operation, type Scope } from '../../core/pipeline/types';

const OperationArg = z.lazy(() => z.enum(OPERATIONS));
const ScopeArg = z.lazy(() => z.enum(SCOPES));

function arg<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UserError(`Unknown ${what}: ${String(value)}.`);
  return parsed.data;
}

/** The sidebar's operation and scope arguments, checked (they come from the page). */
export function pushArgs(operation: unknown, scope: unknown): { operation: Operation; scope: Scope } {
  return { operation: arg(OperationArg, operation, 'operation'), scope: arg(ScopeArg, scope, 'scope') };
}
