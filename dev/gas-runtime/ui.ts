import type { Ctx } from './execution';
import { facade } from './facade';
import { htmlState } from './html';
import { MSG } from './errors';
import type { DialogAnswer, DialogRequest, MenuItem, MenuTree } from './types';

/** The width of every sidebar a script shows, whatever setWidth said. */
export const SIDEBAR_WIDTH_PX = 300;

/**
 * Ui: menus (captured as a tree for the test), alerts and prompts answered from the session's
 * queue (answerNext) or the onDialog callback, sidebars and dialogs (recorded). A dialog nobody
 * can answer fails the execution with a harness error naming it, so a test notices it.
 */

export const BUTTON = { CLOSE: 'CLOSE', OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO' };
export const BUTTON_SET = { OK: 'OK', OK_CANCEL: 'OK_CANCEL', YES_NO: 'YES_NO', YES_NO_CANCEL: 'YES_NO_CANCEL' };
const SET_BUTTONS: Record<string, string[]> = {
  OK: ['OK', 'CLOSE'],
  OK_CANCEL: ['OK', 'CANCEL', 'CLOSE'],
  YES_NO: ['YES', 'NO', 'CLOSE'],
  YES_NO_CANCEL: ['YES', 'NO', 'CANCEL', 'CLOSE'],
};

const menuTrees = new WeakMap<object, MenuTree>();

function copyTree(tree: MenuTree): MenuTree {
  return { caption: tree.caption, items: tree.items.map((i): MenuItem => ('items' in i ? copyTree(i) : { ...i })) };
}

function menuFacade(ctx: Ctx, caption: string): object {
  const tree: MenuTree = { caption, items: [] };
  const cheap = (method: string) => ctx.cheap('Menu', method);
  const self: object = facade('Menu', {
    addItem: (itemCaption: unknown, functionName: unknown) => (
      cheap('addItem'), tree.items.push({ caption: String(itemCaption), functionName: String(functionName) }), self
    ),
    addSeparator: () => (cheap('addSeparator'), tree.items.push({ separator: true }), self),
    addSubMenu(menu: unknown) {
      cheap('addSubMenu');
      const sub = menu && typeof menu === 'object' ? menuTrees.get(menu) : undefined;
      if (!sub) ctx.fail(MSG.invalidArgument('menu'));
      tree.items.push(sub);
      return self;
    },
    addToUi() {
      cheap('addToUi');
      ctx.session.menus.push(copyTree(tree));
    },
  });
  menuTrees.set(self, tree);
  return self;
}

/** Takes the answer for a dialog: the queued one, else onDialog, else a harness failure. */
function answerFor(ctx: Ctx, req: DialogRequest): { button: string; text: string } {
  const queued = ctx.session.answers.shift();
  let answer: DialogAnswer | undefined = queued;
  if (answer === undefined && ctx.world.config.onDialog) answer = ctx.world.config.onDialog(req);
  if (answer === undefined) {
    ctx.harness(
      `Unexpected ${req.kind} (no answer queued with answerNext() and no onDialog): ${req.title ? `${req.title}: ` : ''}${req.message}`,
    );
  }
  const a = typeof answer === 'string' ? { button: answer, text: '' } : { button: answer.button, text: answer.text ?? '' };
  if (!SET_BUTTONS[req.buttons]?.includes(a.button)) {
    ctx.harness(`Answer ${a.button} is not a button of ${req.buttons} for ${req.kind}: ${req.message}`);
  }
  ctx.world.dialogs.push({ kind: req.kind, user: ctx.exec.user, title: req.title, message: req.message, buttons: req.buttons, answer });
  return a;
}

/** Splits alert/prompt overloads: (msg), (msg, buttons), (title, msg, buttons). */
function dialogArgs(kind: 'alert' | 'prompt', args: unknown[]): DialogRequest {
  if (args.length >= 3) return { kind, title: String(args[0]), message: String(args[1]), buttons: String(args[2]) };
  if (args.length === 2) return { kind, message: String(args[0]), buttons: String(args[1]) };
  return { kind, message: String(args[0] ?? ''), buttons: 'OK' };
}

function showDialog(ctx: Ctx, kind: 'modal' | 'modeless', output: unknown, title: unknown): void {
  const s = htmlState(output);
  if (!s) ctx.fail(MSG.invalidArgument('userInterface'));
  ctx.world.dialogs.push({
    kind,
    user: ctx.exec.user,
    title: String(title ?? s.title),
    content: s.content,
    width: s.width,
    height: s.height,
  });
}

/** The Ui object returned by SpreadsheetApp.getUi(). */
export function uiFacade(ctx: Ctx): object {
  const op = (method: string) => {
    ctx.enter('Ui', method);
    ctx.charge(ctx.costs.uiOpMs);
  };
  return facade('Ui', {
    Button: BUTTON,
    ButtonSet: BUTTON_SET,
    createMenu: (caption: unknown) => (ctx.cheap('Ui', 'createMenu'), menuFacade(ctx, String(caption))),
    createAddonMenu: () => (ctx.cheap('Ui', 'createAddonMenu'), menuFacade(ctx, ctx.world.config.addonName)),
    alert(...args: unknown[]) {
      op('alert');
      return answerFor(ctx, dialogArgs('alert', args)).button;
    },
    prompt(...args: unknown[]) {
      op('prompt');
      const a = answerFor(ctx, dialogArgs('prompt', args));
      return facade('PromptResponse', {
        getResponseText: () => (ctx.cheap('PromptResponse', 'getResponseText'), a.text),
        getSelectedButton: () => (ctx.cheap('PromptResponse', 'getSelectedButton'), a.button),
      });
    },
    showSidebar(output: unknown) {
      op('showSidebar');
      const s = htmlState(output);
      if (!s) ctx.fail(MSG.invalidArgument('userInterface'));
      // "All sidebars shown by scripts are 300 pixels wide" (Ui.showSidebar,
      // https://developers.google.com/apps-script/reference/base/ui#showSidebar(Object)); setWidth sets
      // "the initial width of a custom dialog" only
      // (https://developers.google.com/apps-script/reference/html/html-output#setWidth(Integer)).
      ctx.session.sidebar = { title: s.title, content: s.content, width: SIDEBAR_WIDTH_PX };
    },
    showModalDialog(output: unknown, title: unknown) {
      op('showModalDialog');
      showDialog(ctx, 'modal', output, title);
    },
    showModelessDialog(output: unknown, title: unknown) {
      op('showModelessDialog');
      showDialog(ctx, 'modeless', output, title);
    },
  });
}
