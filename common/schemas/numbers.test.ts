// Every number field of every form contract, left empty, says "<Field> is required" (as the text fields do), not
// "must be a number". The field list is checked against the contracts themselves, so a new number field without a
// case here fails the last test.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZLabelConfigSchema } from '../label-config.ts';
import { ZBorrowInputSchema, ZReturnInputSchema } from './borrowing.ts';
import { ZItemInputSchema, ZItemPatchSchema } from './inventory-setup.ts';
import { ZLabelFormatInputSchema, ZLabelFormatPatchSchema, ZPrintRequestSchema } from './labels.ts';
import { isEmptyNumber } from './numbers.ts';
import { ZPostStockSchema } from './stock.ts';
import { ZCountEntrySchema, ZFoundLineSchema } from './stock-check.ts';
import { ZAddUserSchema, ZUpdateUserSchema } from './users.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const KEY = 'key-12345678';

/** A form contract, a value it accepts, and its number fields (paths into that value) with their field names. */
interface TContract {
  schema: z.ZodType;
  valid: Record<string, unknown>;
  fields: Record<string, string>;
}

const CONTRACTS: Record<string, TContract> = {
  'item (new)': {
    schema: ZItemInputSchema,
    valid: { partNumber: 'P-1', name: 'Bolt', unitCost: '1.5', reorderPoint: '4' },
    fields: { unitCost: 'Unit cost', reorderPoint: 'Reorder point' },
  },
  'item (change)': {
    schema: ZItemPatchSchema,
    valid: { unitCost: '1.5', reorderPoint: '4' },
    fields: { unitCost: 'Unit cost', reorderPoint: 'Reorder point' },
  },
  receive: {
    schema: ZPostStockSchema,
    valid: {
      kind: 'receive',
      idempotencyKey: KEY,
      lines: [{ itemId: ID, locationId: ID, quantity: '2', unitCost: '9.2625' }],
    },
    fields: { 'lines.0.quantity': 'Quantity', 'lines.0.unitCost': 'Unit cost' },
  },
  issue: {
    schema: ZPostStockSchema,
    valid: { kind: 'issue', idempotencyKey: KEY, lines: [{ itemId: ID, locationId: ID, quantity: '2' }] },
    fields: { 'lines.0.quantity': 'Quantity' },
  },
  move: {
    schema: ZPostStockSchema,
    valid: {
      kind: 'move',
      idempotencyKey: KEY,
      lines: [{ itemId: ID, fromLocationId: ID, toLocationId: ID, quantity: '2' }],
    },
    fields: { 'lines.0.quantity': 'Quantity' },
  },
  adjust: {
    schema: ZPostStockSchema,
    valid: {
      kind: 'adjust',
      idempotencyKey: KEY,
      reason: 'Found behind the rack',
      lines: [{ itemId: ID, locationId: ID, quantityDelta: '-2' }],
    },
    fields: { 'lines.0.quantityDelta': 'Change' },
  },
  borrow: {
    schema: ZBorrowInputSchema,
    valid: {
      itemId: ID,
      locationId: ID,
      quantity: '1',
      borrower: { jobReference: 'J-17' },
      dueOn: '2099-01-01',
      idempotencyKey: KEY,
    },
    fields: { quantity: 'Quantity' },
  },
  return: {
    schema: ZReturnInputSchema,
    valid: { quantity: '1', idempotencyKey: KEY },
    fields: { quantity: 'Quantity' },
  },
  'count entry': {
    schema: ZCountEntrySchema,
    valid: { countedQuantity: '3' },
    fields: { countedQuantity: 'Counted quantity' },
  },
  'found stock': {
    schema: ZFoundLineSchema,
    valid: { itemId: ID, locationId: ID, countedQuantity: '3' },
    fields: { countedQuantity: 'Counted quantity' },
  },
  'label format (new)': {
    schema: ZLabelFormatInputSchema,
    valid: { name: 'Bin', width: '4', height: '1', unit: 'in', symbology: 'qr', textSize: 9 },
    fields: { width: 'Width', height: 'Height', textSize: 'Text size' },
  },
  'label format (change)': {
    schema: ZLabelFormatPatchSchema,
    valid: { width: '4', height: '1', textSize: 9 },
    fields: { width: 'Width', height: 'Height', textSize: 'Text size' },
  },
  'print labels': {
    schema: ZPrintRequestSchema,
    valid: {
      formatId: ID,
      output: 'roll',
      targets: [{ kind: 'item', id: ID, copies: 2 }],
      everythingIn: { locationId: ID, copies: 2 },
    },
    fields: { 'targets.0.copies': 'Number of copies', 'everythingIn.copies': 'Number of copies' },
  },
  'add user': {
    schema: ZAddUserSchema,
    valid: {
      method: 'invite',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'L',
      burdenedLaborRate: '30',
    },
    fields: { burdenedLaborRate: 'Burdened labor rate' },
  },
  'edit user': {
    schema: ZUpdateUserSchema,
    valid: { burdenedLaborRate: '30' },
    fields: { burdenedLaborRate: 'Burdened labor rate' },
  },
  'company configuration': {
    schema: ZLabelConfigSchema,
    valid: {
      width: 4,
      height: 1,
      useLotNumbers: true,
      allowBorrowing: false,
      enableBuildFeature: true,
      enableTimeFeature: true,
      enableInventoryFeature: true,
      enableMaintenanceFeature: false,
      enableQualityFeature: true,
      allowReducedInspection: false,
    },
    fields: { width: 'Width', height: 'Height' },
  },
};

/** `value` with the field at `path` ("lines.0.quantity") set to `to`. */
function withField(value: Record<string, unknown>, path: string, to: unknown): unknown {
  const copy = structuredClone(value);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = to;
  return copy;
}

/** The messages a parse gives the field at `path`. */
function messagesAt(schema: z.ZodType, value: unknown, path: string): string[] {
  const issues = schema.safeParse(value).error?.issues ?? [];
  return issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

/** What an emptied box of the field's kind hands over: blank text for decimals; NaN, null or '' for JSON numbers. */
function emptyValuesOf(sample: unknown): unknown[] {
  return typeof sample === 'number' ? [Number.NaN, null, ''] : ['', '   '];
}

const CASES = Object.entries(CONTRACTS).flatMap(([name, contract]) =>
  Object.entries(contract.fields).map(([path, field]) => ({ name, contract, path, field })),
);

describe('an empty number field says it is required', () => {
  it.each(Object.entries(CONTRACTS))('%s: the sample value passes', (_name, { schema, valid }) => {
    expect(schema.safeParse(valid).error?.issues ?? []).toEqual([]);
  });

  it.each(CASES)('$name: $path', ({ contract, path, field }) => {
    const sample = path
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], contract.valid);
    for (const empty of emptyValuesOf(sample)) {
      expect(
        messagesAt(contract.schema, withField(contract.valid, path, empty), path),
        String(empty),
      ).toEqual([`${field} is required`]);
    }
  });

  it.each(CASES)('$name: $path typed as letters still says it must be a number', ({ contract, path }) => {
    expect(messagesAt(contract.schema, withField(contract.valid, path, 'abc'), path)).toEqual([
      expect.stringMatching(/must be a number/),
    ]);
  });
});

describe('isEmptyNumber', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['  ', true],
    [Number.NaN, true],
    [0, false],
    ['0', false],
    ['abc', false],
  ])('%s → %s', (input, empty) => {
    expect(isEmptyNumber(input)).toBe(empty);
  });
});

/** The paths ("lines[].quantity") of every number field in a JSON Schema: JSON numbers and decimal texts. */
function numberPaths(node: Record<string, unknown>, path = ''): string[] {
  const isNumber = (node.type === 'number' || node.type === 'integer') && node.const === undefined;
  const isDecimalText = node.type === 'string' && String(node.pattern ?? '').includes('(?:0|[1-9]\\d{0,');
  if (isNumber || isDecimalText) return [path];
  const found: string[] = [];
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    for (const branch of (node[key] as Record<string, unknown>[] | undefined) ?? [])
      found.push(...numberPaths(branch, path));
  }
  if (node.items) found.push(...numberPaths(node.items as Record<string, unknown>, `${path}[]`));
  const properties = (node.properties as Record<string, Record<string, unknown>> | undefined) ?? {};
  for (const [key, property] of Object.entries(properties))
    found.push(...numberPaths(property, path ? `${path}.${key}` : key));
  return found;
}

describe('the cases above cover the contracts', () => {
  it.each(Object.entries(CONTRACTS))('%s: every number field has a case', (_name, { schema }) => {
    const inContract = new Set(numberPaths(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })));
    const cased = new Set(
      Object.entries(CONTRACTS)
        .filter(([, other]) => other.schema === schema)
        .flatMap(([, other]) => Object.keys(other.fields).map((path) => path.replace(/\.\d+/g, '[]'))),
    );
    expect([...cased].sort()).toEqual([...inContract].sort());
  });
});
