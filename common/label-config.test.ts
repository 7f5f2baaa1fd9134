// The company label configuration of SPEC.md section 3: defaults, flags and what a change may contain.
import { describe, expect, it } from 'vitest';
import { SPEC_DEFAULT_LABEL_CONFIG } from '../tests/fixtures/spec.ts';
import {
  DEFAULT_LABEL_CONFIG,
  FEATURES,
  featureFlagsOf,
  ZLabelConfigPatchSchema,
  ZLabelConfigSchema,
} from './label-config.ts';

describe('label configuration', () => {
  it("defaults to SPEC.md's values", () => {
    expect(DEFAULT_LABEL_CONFIG).toEqual(SPEC_DEFAULT_LABEL_CONFIG);
  });

  it('has a switch for each of the five areas', () => {
    expect([...FEATURES].sort()).toEqual(['build', 'inventory', 'maintenance', 'quality', 'time']);
  });

  it('reads each area flag from its own setting', () => {
    const flags = featureFlagsOf({
      ...DEFAULT_LABEL_CONFIG,
      enableBuildFeature: false,
      enableQualityFeature: true,
      enableInventoryFeature: false,
      enableTimeFeature: true,
      enableMaintenanceFeature: true,
    });
    expect(flags).toEqual({ build: false, quality: true, inventory: false, time: true, maintenance: true });
  });

  it('accepts label sizes from 0.25 to 12 inches', () => {
    for (const size of [0.25, 1, 4, 12]) {
      expect(
        ZLabelConfigSchema.safeParse({ ...DEFAULT_LABEL_CONFIG, height: size, width: size }).success,
      ).toBe(true);
    }
  });

  it.each([0, 0.2, 12.5, 40, -1])('refuses a height of %s inches, naming height', (height) => {
    const result = ZLabelConfigPatchSchema.safeParse({ height });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['height']);
  });

  it('accepts a change of any subset of settings', () => {
    expect(ZLabelConfigPatchSchema.parse({ enableMaintenanceFeature: true })).toEqual({
      enableMaintenanceFeature: true,
    });
  });

  it('refuses an empty change and a flag that is not true or false', () => {
    expect(ZLabelConfigPatchSchema.safeParse({}).success).toBe(false);
    expect(ZLabelConfigPatchSchema.safeParse({ useLotNumbers: 'yes' }).success).toBe(false);
  });
});
