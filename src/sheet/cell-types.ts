/**
 * What a cell holds as the sheet model reads and writes it, and the add-on's conditional-format
 * rules as data. Here, below the core, so the sheet model needs nothing above it; core/ports.ts
 * re-exports them for the ports that carry them.
 */

/** A cell value as Apps Script returns it: "" for empty. */
export type CellValue = string | number | boolean | Date;

/** A look a conditional format rule gives a cell. */
export interface StatusLook {
  background: string;
  fontColor: string;
}

/**
 * A conditional format rule of the add-on: when a cell says `equals` exactly (or anything,
 * `notEmpty`; or when the custom `formula`, written for row 2 of the rule's first column, is
 * true), it gets `look`. 0-based columns, from row 2 to the bottom.
 */
export interface ColourRule {
  when: { equals: string } | 'notEmpty' | { formula: string };
  look: StatusLook;
  columns: number[];
}

/** A sheet's conditional format rule as read back (criteria as SpreadsheetApp.BooleanCriteria names). */
export interface ColourRuleShape {
  criteria: string;
  values: readonly unknown[];
  background: string | null;
  fontColor: string | null;
}
