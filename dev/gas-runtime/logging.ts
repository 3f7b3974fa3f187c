import type { Ctx } from './execution';
import { facade } from './facade';
import type { LogRecord } from './types';
import { formatLogArgs } from './utilities';

/**
 * Logger (a service: counted, gated) and console (a built-in of the V8 runtime: free, works even
 * after the execution was killed). Both append to the world's log, which the test reads.
 */

function record(ctx: Ctx, source: LogRecord['source'], level: LogRecord['level'], args: unknown[]): string {
  const message = formatLogArgs(args);
  ctx.world.logs.push({ at: Math.floor(ctx.now()), user: ctx.exec.user, source, level, message });
  return message;
}

/** The Logger global; getLog() returns this execution's Logger lines. */
export function loggerFacade(ctx: Ctx): object {
  const lines: string[] = [];
  const self: object = facade('Logger', {
    log(...args: unknown[]) {
      ctx.cheap('Logger', 'log');
      lines.push(record(ctx, 'Logger', 'log', args));
      return self;
    },
    getLog: () => (ctx.cheap('Logger', 'getLog'), lines.join('\n')),
    clear: () => (ctx.cheap('Logger', 'clear'), (lines.length = 0), undefined),
  });
  return self;
}

/** The console global. */
export function consoleFacade(ctx: Ctx): object {
  const at =
    (level: LogRecord['level']) =>
    (...args: unknown[]) => {
      record(ctx, 'console', level, args);
    };
  return facade('console', { log: at('log'), info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') });
}
