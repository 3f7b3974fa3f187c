import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';
import { useQuota } from './quota';
import type { MailRecord } from './types';

/**
 * MailApp (https://developers.google.com/apps-script/reference/mail/mail-app): every sendEmail
 * form, recorded in the world (Runtime.mails()), counted against the daily quota of recipients
 * (100 for a consumer account, 1500 for Workspace: "Email recipients per day",
 * https://developers.google.com/apps-script/guides/services/quotas). A send that would pass the
 * quota sends nothing and throws "Service invoked too many times for one day: email.".
 * getRemainingDailyQuota() says what is left of the user's window. Not emulated: attachments,
 * inline images, the 50-recipients-per-message limit.
 */

const list = (v: unknown): string[] =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The message of any sendEmail form, as one object. */
function messageOf(ctx: Ctx, args: unknown[]): Omit<MailRecord, 'at' | 'user'> {
  const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
  if (args.length === 1 && typeof args[0] === 'object' && args[0] !== null) {
    const m = args[0] as Record<string, unknown>;
    if (m.to === undefined || m.subject === undefined) ctx.fail(MSG.invalidArgument('message'));
    return {
      to: list(m.to),
      cc: list(m.cc),
      bcc: list(m.bcc),
      subject: text(m.subject),
      body: text(m.body),
      ...(m.htmlBody !== undefined ? { htmlBody: text(m.htmlBody) } : {}),
      ...(m.replyTo !== undefined ? { replyTo: text(m.replyTo) } : {}),
      ...(m.name !== undefined ? { name: text(m.name) } : {}),
    };
  }
  if (args.length === 4 && typeof args[3] === 'string') {
    return { to: list(args[0]), cc: [], bcc: [], replyTo: text(args[1]), subject: text(args[2]), body: text(args[3]) };
  }
  if (args.length < 3) ctx.fail(MSG.invalidArgument('recipient'));
  const options = (args[3] ?? {}) as Record<string, unknown>;
  return {
    to: list(args[0]),
    cc: list(options.cc),
    bcc: list(options.bcc),
    subject: text(args[1]),
    body: text(args[2]),
    ...(options.htmlBody !== undefined ? { htmlBody: text(options.htmlBody) } : {}),
    ...(options.replyTo !== undefined ? { replyTo: text(options.replyTo) } : {}),
    ...(options.name !== undefined ? { name: text(options.name) } : {}),
  };
}

export function mailApp(ctx: Ctx): object {
  return facade('MailApp', {
    sendEmail(...args: unknown[]): void {
      ctx.enter('MailApp', 'sendEmail');
      // No published figure: charged as a property write (a call to a Google service).
      ctx.charge(ctx.costs.propertyWriteMs);
      const message = messageOf(ctx, args);
      const recipients = message.to.length + message.cc.length + message.bcc.length;
      if (message.to.length === 0) ctx.fail(MSG.invalidArgument('recipient'));
      useQuota(ctx, 'email', recipients);
      ctx.world.mails.push({ at: ctx.now(), user: ctx.exec.user, ...message });
    },
    getRemainingDailyQuota(): number {
      ctx.enter('MailApp', 'getRemainingDailyQuota');
      ctx.charge(ctx.costs.propertyReadMs);
      const used = ctx.world.quotas.open('email', ctx.exec.user, ctx.now())?.used ?? 0;
      return Math.max(0, ctx.world.quotaLimit('email') - used);
    },
  });
}
