/** What to push: the operation, and the rows it takes (the scopes that make sense for it). */
import type { Operation, Scope } from '../../../core/pipeline/types';
import { h, setChildren, show } from '../../dom';
import { fitScope, operationChoices, scopeChoices } from './text';

export interface OperationChoice {
  /** The two fields, labelled. */
  nodes: HTMLElement[];
  operation: HTMLSelectElement;
  scope: HTMLSelectElement;
}

export function createOperationChoice(): OperationChoice {
  const operation = h(
    'select',
    { id: 'push-operation', name: 'operation' },
    operationChoices().map((c) => h('option', { value: c.value }, c.label)),
  );
  const scope = h('select', { id: 'push-scope', name: 'scope', 'aria-describedby': 'push-scope-hint' });
  const scopeHint = h(
    'p',
    { id: 'push-scope-hint', class: 'hint', hidden: true },
    'Push changes always takes the rows changed since their last confirmed push.',
  );

  /** Offers the scopes of the chosen operation, keeping `previous` if it is still one of them. */
  function fillScopes(previous: Scope): void {
    const op = operation.value as Operation;
    const choices = scopeChoices(op);
    setChildren(
      scope,
      choices.map((c) => h('option', { value: c.value }, c.label)),
    );
    scope.value = fitScope(op, previous);
    const fixed = choices.length === 1;
    scope.disabled = fixed;
    show(scopeHint, fixed);
  }
  operation.addEventListener('change', () => fillScopes(scope.value as Scope));
  fillScopes('selected');

  return {
    nodes: [
      h('div', { class: 'field' }, h('label', { for: 'push-operation' }, 'Operation'), operation),
      h('div', { class: 'field' }, h('label', { for: 'push-scope' }, 'Rows'), scope, scopeHint),
    ],
    operation,
    scope,
  };
}
