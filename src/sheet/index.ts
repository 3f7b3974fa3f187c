/** The sheet table model: header mapping, typed rows, per-operation validation, changed-only, escaping. */
export * from './header-names';
export * from './headers';
export * from './numbers';
export * from './locale';
export * from './cells';
export * from './table';
export * from './row-check';
export * from './operations';
export { checkByChannel, checkPrices, generalLabel, valueLabel } from './channel-operations';
export * from './changes';
export * from './escape';
export { cleanHeaderText, cleanInvisible, formulaErrorReason, headerKey, isDate } from './text';
export * from './mapping/schema';
export { mapColumns, entriesOf, type MappingOptions, type MappingSource, type ResolvedColumns } from './mapping/resolve';
export { matchingPresets, presetMapping, presetNames } from './mapping/detect';
export { PRESETS, presetById, type ExportPreset } from './mapping/presets';
export { fieldName, slotName } from './mapping/labels';
export * from './result-colours';
