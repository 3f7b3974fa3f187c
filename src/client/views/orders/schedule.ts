/** The import schedule switch: off or an interval the deployment allows, saved by Save schedule. */
import { h, setChildren } from '../../dom';
import { scheduleLabel } from '../../schedules';
import { callResult } from '../../server';
import { liveFieldRow, runAction } from '../action';
import { orderScheduleChoices, orderScheduleSelected, ownedByOther, scheduleNote, type OrdersStatusView } from './text';

export interface ScheduleSwitch {
  /** The switch, its note, Save schedule and its message. */
  nodes: HTMLElement[];
  /** Shows the saved schedule of `status` (a pending choice stays until what it came from changes). */
  show(status: OrdersStatusView): void;
}

/** `shown`: the status last shown (null before the first: the choices come with it); `render` shows what saving answers. */
export function createScheduleSwitch(
  shown: () => OrdersStatusView | null,
  render: (status: OrdersStatusView) => void,
  afterAction: () => Promise<void>,
): ScheduleSwitch {
  const schedule = h('select', { id: 'orders-schedule', name: 'orders-schedule' });
  const field = liveFieldRow('Import orders automatically', schedule);
  const note = h('p', { id: 'orders-schedule-note', class: 'hint' });
  schedule.setAttribute('aria-describedby', `orders-schedule-note ${field.error.id}`);
  const save = h('button', { id: 'orders-schedule-save', type: 'button', class: 'primary' }, 'Save schedule');
  const message = h('p', { id: 'orders-schedule-message', role: 'status' });
  /** What the select was last set from (the server's saved value and choices): a refresh leaves a pending choice alone. */
  let shownFrom = '';

  save.addEventListener('click', () => {
    if (!shown()) return; // the choices come with the first state
    const minutes = Number(schedule.value) || 0;
    void runAction(
      save,
      'Saving\u2026',
      { message, error: field.error, control: schedule },
      () => callResult('setOrdersSchedule', minutes),
      (answer) => {
        render(answer);
        return answer.scheduleOn
          ? `Schedule saved: ${scheduleLabel(answer.scheduleMinutes).toLowerCase()}, run by you.`
          : 'Schedule switched off.';
      },
      afterAction,
    );
  });

  return {
    nodes: [field.row, note, save, message],
    show(status) {
      const from = `${status.scheduleOn ? status.scheduleMinutes : 0}|${status.allowedMinutes.join(',')}`;
      if (from !== shownFrom) {
        shownFrom = from;
        setChildren(
          schedule,
          orderScheduleChoices(status).map((c) => h('option', { value: c.value }, c.label)),
        );
        schedule.value = String(orderScheduleSelected(status));
      }
      note.textContent = scheduleNote(status);
      note.className = ownedByOther(status) ? 'hint notice warning' : 'hint';
    },
  };
}
