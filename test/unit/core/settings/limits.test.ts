/**
 * The numeric settings' bounds live in one table (core/settings/limits.ts): the schema refuses a
 * value just outside them and takes the bounds themselves, and the settings form offers exactly
 * them. A bound changed in one of the three places only fails here.
 */
import { ALL_FIELDS } from '../../../../src/client/views/settings/fields';
import { SETTING_LIMITS, type LimitedSetting } from '../../../../src/core/kernel/settings-limits';
import { Settings } from '../../../../src/core/kernel/settings-schema';

/** Settings with one value set at a dotted path ("guards.pricePct"). */
function withValue(path: string, value: number): unknown {
  const [head, tail] = path.split('.');
  return tail === undefined ? { [head]: value } : { [head]: { [tail]: value } };
}

const settings = Object.keys(SETTING_LIMITS) as LimitedSetting[];
// The smallest step past a bound: a whole unit for whole-number settings, a cent for rates.
const step = (setting: LimitedSetting): number => (Number.isInteger(SETTING_LIMITS[setting].min) ? 1 : 0.01);

describe('setting limits: one table for the schema and the form', () => {
  test.each(settings)('%s: the schema takes its bounds and refuses a step beyond each', (setting) => {
    const { min, max } = SETTING_LIMITS[setting];
    expect(Settings.safeParse(withValue(setting, min)).success).toBe(true);
    expect(Settings.safeParse(withValue(setting, max)).success).toBe(true);
    expect(Settings.safeParse(withValue(setting, min - step(setting))).success).toBe(false);
    expect(Settings.safeParse(withValue(setting, max + step(setting))).success).toBe(false);
  });

  test.each(settings)('%s: the form field offers exactly those bounds', (setting) => {
    const field = ALL_FIELDS.find((f) => f.path === setting);
    expect(field).toBeDefined();
    expect({ min: field?.min, max: field?.max }).toEqual(SETTING_LIMITS[setting]);
  });

  test('every bounded number field of the form takes its bounds from the table', () => {
    const bounded = ALL_FIELDS.filter((f) => f.min !== undefined || f.max !== undefined).map((f) => f.path);
    expect(bounded.sort()).toEqual([...settings].sort());
  });
});
