// The fields of an item, shared by the Add and Edit dialogs, and the draft they edit. Unit cost and reorder point
// stay decimal strings from the keyboard to the API ("0.125"), validated by the contract's own schema.
import { Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { compareDecimal, isDecimal } from '#common/decimal.ts';
import {
  COST_SCALE,
  QUANTITY_SCALE,
  type TItem,
  type TItemInputRaw,
  type TItemPatch,
  UNITS_OF_MEASURE,
} from '#common/schemas/inventory-setup.ts';
import { LocationSelect } from '../../components/location-select.tsx';
import type { TContractForm } from '../../lib/contract-form.ts';

type TUnit = (typeof UNITS_OF_MEASURE)[number];

const UNIT_NAMES: Record<TUnit, string> = {
  ea: 'each',
  pcs: 'pieces',
  box: 'box',
  set: 'set',
  pair: 'pair',
  roll: 'roll',
  kg: 'kilograms',
  g: 'grams',
  lb: 'pounds',
  oz: 'ounces',
  m: 'metres',
  cm: 'centimetres',
  mm: 'millimetres',
  ft: 'feet',
  in: 'inches',
  l: 'litres',
  ml: 'millilitres',
  gal: 'gallons',
  m2: 'square metres',
  ft2: 'square feet',
  h: 'hours',
};
const UNIT_OPTIONS = UNITS_OF_MEASURE.map((unit) => ({
  value: unit,
  label: unit === UNIT_NAMES[unit] ? unit : `${unit} (${UNIT_NAMES[unit]})`,
}));

/** What the form edits: every field as the inputs hold it. */
export interface TItemDraft extends Record<string, unknown> {
  partNumber: string;
  name: string;
  description: string;
  unitOfMeasure: string;
  category: string;
  unitCost: string;
  /** Empty for "no reorder point". */
  reorderPoint: string;
  defaultLocationId: string | null;
  defaultLocationPath: string | null;
  lotTracked: boolean;
}

/** The draft of an existing item, or of a new one with lot tracking as the company's setting says. */
export function draftOf(item: TItem | null, lotTrackedByDefault: boolean): TItemDraft {
  return {
    partNumber: item?.partNumber ?? '',
    name: item?.name ?? '',
    description: item?.description ?? '',
    unitOfMeasure: item?.unitOfMeasure ?? 'ea',
    category: item?.category ?? '',
    unitCost: item?.unitCost ?? '0',
    reorderPoint: item?.reorderPoint ?? '',
    defaultLocationId: item?.defaultLocationId ?? null,
    defaultLocationPath: item?.defaultLocationPath ?? null,
    lotTracked: item?.lotTracked ?? lotTrackedByDefault,
  };
}

const reorderPointOf = (draft: TItemDraft) => (draft.reorderPoint.trim() === '' ? null : draft.reorderPoint);

/** The POST body of a new item. */
export function inputOf(draft: TItemDraft): TItemInputRaw {
  return {
    partNumber: draft.partNumber,
    name: draft.name,
    description: draft.description,
    unitOfMeasure: draft.unitOfMeasure as TUnit,
    category: draft.category,
    unitCost: draft.unitCost.trim() === '' ? '0' : draft.unitCost,
    reorderPoint: reorderPointOf(draft),
    defaultLocationId: draft.defaultLocationId,
    lotTracked: draft.lotTracked,
  };
}

/** True when two decimal texts hold the same value ("12.50" and "12.5"); a malformed one counts as different. */
function sameDecimal(a: string | null, b: string | null, scale: number): boolean {
  if (a === null || b === null) return a === b;
  const x = a.trim();
  const y = b.trim();
  return isDecimal(x, scale) && isDecimal(y, scale) ? compareDecimal(x, y, scale) === 0 : x === y;
}

/** The PATCH body: only the fields the draft changed. */
export function patchOf(item: TItem, draft: TItemDraft): TItemPatch {
  const text = (key: 'partNumber' | 'name' | 'description' | 'category') =>
    draft[key].trim() !== item[key] ? { [key]: draft[key] } : {};
  const reorderPoint = reorderPointOf(draft);
  return {
    ...text('partNumber'),
    ...text('name'),
    ...text('description'),
    ...text('category'),
    ...(draft.unitOfMeasure !== item.unitOfMeasure ? { unitOfMeasure: draft.unitOfMeasure as TUnit } : {}),
    ...(sameDecimal(draft.unitCost, item.unitCost, COST_SCALE) ? {} : { unitCost: draft.unitCost }),
    ...(sameDecimal(reorderPoint, item.reorderPoint, QUANTITY_SCALE) ? {} : { reorderPoint }),
    ...(draft.defaultLocationId !== item.defaultLocationId
      ? { defaultLocationId: draft.defaultLocationId }
      : {}),
    ...(draft.lotTracked !== item.lotTracked ? { lotTracked: draft.lotTracked } : {}),
  };
}

/** The inputs of every field of an item, with their errors (the client's or the server's) under them. */
export function ItemFields({ form }: { form: TContractForm<TItemDraft, unknown> }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label="Part number"
          description="Unique in your company"
          required
          autoComplete="off"
          {...form.getInputProps('partNumber')}
        />
        <TextInput label="Name" required {...form.getInputProps('name')} />
      </SimpleGrid>
      <Textarea label="Description" autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="Unit of measure"
          data={UNIT_OPTIONS}
          searchable
          allowDeselect={false}
          {...form.getInputProps('unitOfMeasure')}
        />
        <TextInput label="Category" placeholder="e.g. Fasteners" {...form.getInputProps('category')} />
        <TextInput
          label="Unit cost ($)"
          description={`Up to ${COST_SCALE} decimals`}
          inputMode="decimal"
          autoComplete="off"
          {...form.getInputProps('unitCost')}
        />
        <TextInput
          label="Reorder point"
          description="Empty for none; in the item's unit"
          inputMode="decimal"
          autoComplete="off"
          {...form.getInputProps('reorderPoint')}
        />
      </SimpleGrid>
      <LocationSelect
        label="Default location"
        value={form.values.defaultLocationId}
        selectedLabel={form.values.defaultLocationPath}
        onChange={(id, fullCode) => {
          form.setFieldValue('defaultLocationId', id);
          form.setFieldValue('defaultLocationPath', fullCode);
        }}
        error={form.errorOf('defaultLocationId')}
      />
      <Switch
        label="Lot-tracked"
        description="Stock of this item is received, issued and counted by lot number."
        {...form.getInputProps('lotTracked', { type: 'checkbox' })}
      />
    </Stack>
  );
}
