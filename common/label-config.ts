// The company label configuration of SPEC.md section 3: label size, lots, borrowing and the five feature flags.
import { z } from 'zod';
import { atLeastOneOf } from './schemas/json-schema.ts';
import { numberField } from './schemas/numbers.ts';

/** The five areas a company can switch on or off. */
export const FEATURES = ['build', 'quality', 'inventory', 'time', 'maintenance'] as const;
export type TFeature = (typeof FEATURES)[number];

/** Label sizes are inches; the bounds keep a typo (40 for 4.0) from producing an unprintable label. */
export const LABEL_SIZE_BOUNDS = { min: 0.25, max: 12 } as const;

/** The message of a size out of bounds; an empty one says "<Field> is required". */
/** Refusals of a configuration change (decision 070). */
export const LABEL_CONFIG_MESSAGES = {
  lotsNeededByReceiptPlans: (count: number, first: string) =>
    `${count === 1 ? `${first} has a receipt inspection plan` : `${count} items have receipt inspection plans (${first} first)`} in force, which ${count === 1 ? 'holds' : 'hold'} each received lot until it passes: switch ${count === 1 ? 'that plan' : 'those plans'} off in QC Setup first, then turn off lot numbers.`,
  companyLotsOff:
    'Lot numbers are turned off for your company, and receipt inspection holds each received lot until it passes: turn on “Use lot numbers” in Admin › Config first.',
} as const;

export const LABEL_SIZE_MESSAGE = `Enter a size from ${LABEL_SIZE_BOUNDS.min} to ${LABEL_SIZE_BOUNDS.max} inches`;

const labelInches = (field: string) =>
  numberField(field)
    .min(LABEL_SIZE_BOUNDS.min, LABEL_SIZE_MESSAGE)
    .max(LABEL_SIZE_BOUNDS.max, LABEL_SIZE_MESSAGE);

/** The whole configuration as the API carries it. */
export const ZLabelConfigSchema = z.object({
  height: labelInches('Height'),
  width: labelInches('Width'),
  useLotNumbers: z.boolean(),
  allowBorrowing: z.boolean(),
  enableBuildFeature: z.boolean(),
  enableTimeFeature: z.boolean(),
  enableInventoryFeature: z.boolean(),
  enableMaintenanceFeature: z.boolean(),
  enableQualityFeature: z.boolean(),
  /** MIL-STD-105E 4.7.3 d: the responsible authority approves reduced inspection; off by default. */
  allowReducedInspection: z.boolean(),
});
export type TLabelConfig = z.infer<typeof ZLabelConfigSchema>;

/** A change: any subset of the fields, at least one. */
export const ZLabelConfigPatchSchema = ZLabelConfigSchema.partial()
  .refine((patch) => Object.keys(patch).length > 0, {
    message: 'Send at least one setting to change',
  })
  .meta(atLeastOneOf(Object.keys(ZLabelConfigSchema.shape)));
export type TLabelConfigPatch = z.infer<typeof ZLabelConfigPatchSchema>;

/** SPEC.md's defaults, used for a new company and until a company's configuration has loaded. */
export const DEFAULT_LABEL_CONFIG: TLabelConfig = {
  height: 1,
  width: 4,
  useLotNumbers: true,
  allowBorrowing: false,
  enableBuildFeature: true,
  enableTimeFeature: true,
  enableInventoryFeature: true,
  enableMaintenanceFeature: false,
  enableQualityFeature: true,
  allowReducedInspection: false,
};

/** The areas as people name them. */
export const FEATURE_LABELS: Record<TFeature, string> = {
  build: 'Build',
  quality: 'Quality',
  inventory: 'Inventory',
  time: 'Time',
  maintenance: 'Maintenance',
};

/** What the server answers (and the web shows) when a request reaches an area the company switched off. */
export function featureOffMessage(feature: TFeature): string {
  return `Your company has switched the ${FEATURE_LABELS[feature]} area off. An admin can switch it back on under Admin → Config.`;
}

/** The feature flags alone, keyed by area. */
export type TFeatureFlags = Record<TFeature, boolean>;

/** Reads the per-area flags out of a configuration. */
export function featureFlagsOf(config: TLabelConfig): TFeatureFlags {
  return {
    build: config.enableBuildFeature,
    quality: config.enableQualityFeature,
    inventory: config.enableInventoryFeature,
    time: config.enableTimeFeature,
    maintenance: config.enableMaintenanceFeature,
  };
}
