import type { ScheduledTrigger, Scheduler } from '../core/kernel/ports';

function view(t: GoogleAppsScript.Script.Trigger): ScheduledTrigger {
  return { id: t.getUniqueId(), handler: t.getHandlerFunction() };
}

/** Time triggers through ScriptApp; only this user's triggers of this project are seen. */
export function scriptAppScheduler(): Scheduler {
  return {
    every(handler, minutes) {
      const builder = ScriptApp.newTrigger(handler).timeBased();
      const t = minutes >= 60 ? builder.everyHours(Math.round(minutes / 60)).create() : builder.everyMinutes(minutes).create();
      return view(t);
    },
    once(handler, ms) {
      return view(ScriptApp.newTrigger(handler).timeBased().after(ms).create());
    },
    list(handler) {
      return ScriptApp.getProjectTriggers()
        .filter((t) => handler === undefined || t.getHandlerFunction() === handler)
        .map(view);
    },
    remove(id) {
      for (const t of ScriptApp.getProjectTriggers()) if (t.getUniqueId() === id) ScriptApp.deleteTrigger(t);
    },
    createdHere(id) {
      // With no spreadsheet open (a time trigger's run) there is no "here": counted as here, so kept.
      const here = SpreadsheetApp.getActive();
      return here === null || ScriptApp.getUserTriggers(here).some((t) => t.getUniqueId() === id);
    },
  };
}
