/** A run's progress: the bar and the lines beside it, the announcements, and the freeze question. */
import type { PushProgress } from '../../../core/pipeline/types';
import { h, show } from '../../dom';
import { createFreezeQuestion } from '../freeze-question';
import { progressBar, progressRowsText, progressStatsText, pushAnnouncement } from './text';

export interface RunProgress {
  /** The progress area and the status region that announces the run's steps. */
  nodes: HTMLElement[];
  /** The freeze question's box (placed under Cancel). */
  freeze: HTMLElement;
  /** Shows a progress without announcing it. */
  render(p: PushProgress): void;
  /** For one run: shows each progress and announces its steps (the start, each quarter, the outcome). */
  follow(): (p: PushProgress) => void;
}

export function createRunProgress(): RunProgress {
  const bar = h('progress', { id: 'push-progress', max: 1, value: 0, 'aria-label': 'Push progress' });
  const rowsText = h('p', { id: 'push-progress-text', class: 'progress-text' });
  const statsText = h('p', { id: 'push-progress-stats', class: 'hint' });
  const message = h('p', { id: 'push-message' });
  // The counts change with every chunk: shown by the bar, not announced (see pushAnnouncement).
  const progressArea = h('div', { id: 'push-progress-area', hidden: true }, bar, rowsText, statsText, message);
  // Outside the hidden area: a live region must be in the page before its first update. Visually
  // hidden: what it says (the start, coarse steps, the outcome) is on screen in the lines above.
  const progressStatus = h('div', { id: 'push-status', class: 'sr-only', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const freezeQuestion = createFreezeQuestion();

  function render(p: PushProgress): void {
    const { value, max } = progressBar(p);
    bar.max = max;
    bar.value = value;
    bar.setAttribute('aria-valuetext', progressRowsText(p));
    rowsText.textContent = progressRowsText(p);
    statsText.textContent = progressStatsText(p);
    message.textContent = p.message;
    show(progressArea, true);
    if (p.freezeSku) freezeQuestion.ask(p.freezeSku, p.freezeSkuSheet);
  }

  return {
    nodes: [progressArea, progressStatus],
    freeze: freezeQuestion.element,
    render,
    follow() {
      let last: PushProgress | null = null;
      return (p) => {
        render(p);
        // Says a step of the run in the status region; null leaves the last one.
        const text = pushAnnouncement(last, p);
        if (text !== null) progressStatus.textContent = text;
        last = p;
      };
    },
  };
}
