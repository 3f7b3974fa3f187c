import { MSG } from './errors';
import type { Ctx } from './execution';
import { dateMs, isDate } from './realm';
import { facade } from './facade';
import { firstFireAt, type TriggerModel } from './triggers';

/**
 * ScriptApp: time-based trigger management with Apps Script's limits (20 triggers per user per
 * script; for add-ons: nothing more frequent than hourly and one clock trigger per user per
 * document), the AuthMode / EventType / TriggerSource enums, and a few identity helpers.
 */

export const AUTH_MODE = { NONE: 'NONE', CUSTOM_FUNCTION: 'CUSTOM_FUNCTION', LIMITED: 'LIMITED', FULL: 'FULL' };
export const EVENT_TYPE = {
  CLOCK: 'CLOCK',
  ON_OPEN: 'ON_OPEN',
  ON_EDIT: 'ON_EDIT',
  ON_FORM_SUBMIT: 'ON_FORM_SUBMIT',
  ON_CHANGE: 'ON_CHANGE',
  ON_EVENT_UPDATED: 'ON_EVENT_UPDATED',
};
export const TRIGGER_SOURCE = {
  SPREADSHEETS: 'SPREADSHEETS',
  CLOCK: 'CLOCK',
  FORMS: 'FORMS',
  DOCUMENTS: 'DOCUMENTS',
  CALENDAR: 'CALENDAR',
};
const AUTHORIZATION_STATUS = { REQUIRED: 'REQUIRED', NOT_REQUIRED: 'NOT_REQUIRED' };

const MAX_TRIGGERS = 20;
const MINUTES_ALLOWED = [1, 5, 10, 15, 30];
const HOURS_ALLOWED = [1, 2, 4, 6, 8, 12];

const TRIGGER_UID = Symbol('triggerUid');

function triggerFacade(ctx: Ctx, t: TriggerModel): object {
  return facade('Trigger', {
    getHandlerFunction: () => (ctx.cheap('Trigger', 'getHandlerFunction'), t.handler),
    getUniqueId: () => (ctx.cheap('Trigger', 'getUniqueId'), t.uid),
    getEventType: () => (ctx.cheap('Trigger', 'getEventType'), EVENT_TYPE.CLOCK),
    getTriggerSource: () => (ctx.cheap('Trigger', 'getTriggerSource'), TRIGGER_SOURCE.CLOCK),
    getTriggerSourceId: () => (ctx.cheap('Trigger', 'getTriggerSourceId'), null),
    // Lets deleteTrigger find the model without a visible property.
    [TRIGGER_UID]: t.uid,
  });
}

function clockBuilder(ctx: Ctx, handler: string): object {
  // delayMs: how far ahead a one-off was asked for, measured when it was (add-on frequency rule).
  const spec: Partial<TriggerModel> & { oneShotAt?: number; delayMs?: number } = {};
  const w = ctx.world;
  const self = facade('ClockTriggerBuilder', {
    everyMinutes(n: number) {
      ctx.cheap('ClockTriggerBuilder', 'everyMinutes');
      if (!MINUTES_ALLOWED.includes(n)) ctx.fail(MSG.everyMinutes);
      Object.assign(spec, { type: 'everyMinutes', interval: n });
      return self;
    },
    everyHours(n: number) {
      ctx.cheap('ClockTriggerBuilder', 'everyHours');
      if (!HOURS_ALLOWED.includes(n)) ctx.fail(MSG.everyHours);
      Object.assign(spec, { type: 'everyHours', interval: n });
      return self;
    },
    everyDays(n: number) {
      ctx.cheap('ClockTriggerBuilder', 'everyDays');
      Object.assign(spec, { type: 'everyDays', interval: Math.max(1, Math.floor(n)) });
      return self;
    },
    atHour(h: number) {
      ctx.cheap('ClockTriggerBuilder', 'atHour');
      spec.atHour = h;
      return self;
    },
    nearMinute(m: number) {
      ctx.cheap('ClockTriggerBuilder', 'nearMinute');
      spec.nearMinute = m;
      return self;
    },
    inTimezone(tz: string) {
      ctx.cheap('ClockTriggerBuilder', 'inTimezone');
      spec.timeZone = String(tz);
      return self;
    },
    after(ms: number) {
      ctx.cheap('ClockTriggerBuilder', 'after');
      const delayMs = Math.max(0, Math.floor(Number(ms)));
      Object.assign(spec, { type: 'after', oneShotAt: Math.floor(ctx.now()) + delayMs, delayMs });
      return self;
    },
    at(date: Date) {
      ctx.cheap('ClockTriggerBuilder', 'at');
      if (!isDate(date)) ctx.fail(MSG.invalidArgument('date'));
      Object.assign(spec, { type: 'at', oneShotAt: dateMs(date), delayMs: dateMs(date) - Math.floor(ctx.now()) });
      return self;
    },
    create() {
      ctx.enter('ClockTriggerBuilder', 'create');
      w.counters.triggerOps++;
      ctx.charge(ctx.costs.triggerOpMs);
      if (!spec.type) ctx.fail('Missing time-based trigger schedule (everyMinutes, everyHours, everyDays, after or at).');
      const user = ctx.exec.user;
      // Used one-shots count too: a trigger is the user's until deleteTrigger, fired or not.
      const mine = w.triggers.filter((t) => t.owner === user);
      if (mine.length >= MAX_TRIGGERS) ctx.fail(MSG.tooManyTriggers);
      const documentId = ctx.exec.documentContext ? w.workbook.id : undefined;
      if (w.config.deployment === 'addon') {
        // "Add-ons can use a time-driven trigger once per hour at most"
        // (https://developers.google.com/apps-script/guides/triggers/installable#time-driven_triggers):
        // a repeating trigger in minutes, or a one-off sooner than an hour from now, is refused.
        if (spec.type === 'everyMinutes') ctx.fail(MSG.addonTriggerFrequency);
        if ((spec.type === 'after' || spec.type === 'at') && (spec.delayMs ?? 0) < 3_600_000) ctx.fail(MSG.addonTriggerFrequency);
        const perHandler = w.config.addonTriggerLimit === 'per-handler';
        const clash = mine.some((t) => t.documentId === documentId && (!perHandler || t.handler === handler));
        if (clash) ctx.fail(MSG.addonTriggerPerDocument);
      }
      const base = {
        uid: w.nextTriggerUid(),
        handler,
        owner: user,
        type: spec.type,
        interval: spec.interval,
        atHour: spec.atHour,
        nearMinute: spec.nearMinute,
        timeZone: spec.timeZone ?? w.workbook.timeZone,
        documentId: w.config.deployment === 'addon' ? documentId : undefined,
      };
      const model: TriggerModel = { ...base, nextFireAt: firstFireAt(base, Math.floor(ctx.now()), spec.oneShotAt) };
      w.triggers.push(model);
      return triggerFacade(ctx, model);
    },
  });
  return self;
}

/** The ScriptApp global. */
export function scriptApp(ctx: Ctx): object {
  const w = ctx.world;
  const list = (method: string, filter: (t: TriggerModel) => boolean) => {
    ctx.enter('ScriptApp', method);
    w.counters.triggerOps++;
    ctx.charge(ctx.costs.triggerOpMs);
    return ctx.toRealm<object[]>(w.triggers.filter((t) => t.owner === ctx.exec.user && filter(t)).map((t) => triggerFacade(ctx, t)));
  };
  return facade('ScriptApp', {
    AuthMode: AUTH_MODE,
    EventType: EVENT_TYPE,
    TriggerSource: TRIGGER_SOURCE,
    AuthorizationStatus: AUTHORIZATION_STATUS,
    newTrigger(functionName: string) {
      ctx.cheap('ScriptApp', 'newTrigger');
      const handler = String(functionName);
      return facade('TriggerBuilder', {
        timeBased() {
          ctx.cheap('TriggerBuilder', 'timeBased');
          return clockBuilder(ctx, handler);
        },
      });
    },
    getProjectTriggers() {
      return list('getProjectTriggers', () => true);
    },
    getUserTriggers(spreadsheet: { getId(): string }) {
      const id = spreadsheet?.getId?.();
      return list('getUserTriggers', (t) => t.documentId === undefined || t.documentId === id);
    },
    deleteTrigger(trigger: Record<symbol, unknown>) {
      ctx.enter('ScriptApp', 'deleteTrigger');
      w.counters.triggerOps++;
      ctx.charge(ctx.costs.triggerOpMs);
      const uid = trigger?.[TRIGGER_UID];
      const i = w.triggers.findIndex((t) => t.uid === uid && t.owner === ctx.exec.user);
      if (i >= 0) w.triggers.splice(i, 1);
    },
    getOAuthToken() {
      ctx.cheap('ScriptApp', 'getOAuthToken');
      return `ya29.emulated-${Buffer.from(ctx.exec.user).toString('hex').slice(0, 16)}`;
    },
    getScriptId() {
      ctx.cheap('ScriptApp', 'getScriptId');
      return w.scriptId;
    },
    getAuthorizationInfo(_authMode?: unknown) {
      ctx.cheap('ScriptApp', 'getAuthorizationInfo');
      return facade('AuthorizationInfo', {
        getAuthorizationStatus: () => AUTHORIZATION_STATUS.NOT_REQUIRED,
        getAuthorizationUrl: () => null,
        getAuthorizedScopes: () => ctx.toRealm([]),
      });
    },
  });
}
