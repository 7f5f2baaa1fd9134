// Every field a service writes into the audit trail has the label the screens use (common/schemas/audit-fields.ts),
// so the Audit Trail never shows a stored name such as burdenedLaborRate. The services are read as text: each audit
// change ({ entityType: '…', …, before, after }, or a code list's { entityType: '…', audited: [...] }) is found, and
// the fields of its before and after are listed — from the object written there, or, where it is built elsewhere,
// from the contract it copies (RESOLVED below). An expression this test cannot read fails it, naming the place,
// rather than passing unseen.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZLabelConfigSchema } from '#common/label-config.ts';
import { AUDIT_ENTITY_TYPES } from '#common/schemas/audit.ts';
import { AUDIT_FIELD_LABELS } from '#common/schemas/audit-fields.ts';
import { ZItemSchema } from '#common/schemas/inventory-setup.ts';
import { ZLabelFormatInputSchema, ZLabelFormatSchema } from '#common/schemas/labels.ts';

const MODULES = join(import.meta.dirname, '..');
const ROOT = join(MODULES, '..', '..');
/** Where recordAudit itself is defined (its TAuditChange type names entityType too). */
const RECORDER = join(MODULES, 'audit', 'audit.ts');

const without = (keys: string[], dropped: string[]) => keys.filter((key) => !dropped.includes(key));
const ITEM_FIELDS = without(Object.keys(ZItemSchema.shape), [
  'id',
  'createdAt',
  'updatedAt',
  'defaultLocationPath',
]);
const FORMAT_FIELDS = without(Object.keys(ZLabelFormatSchema.shape), ['id', 'updatedAt']);

/**
 * Values built away from the audit call, by file and expression, with the fields they can hold: each copies a
 * contract, so the contract's keys are the fields.
 */
const TIME_ENTRY_FIELDS = ['job', 'step', 'activity', 'startedAt', 'endedAt', 'rate', 'cost'];

const MACHINE_FIELDS = ['name', 'assetTag', 'location', 'make', 'model', 'serial', 'commissionedOn'];

const PLAN_FIELDS = [
  'machine',
  'title',
  'checklist',
  'mode',
  'startOn',
  'calendarEvery',
  'calendarUnit',
  'meterEveryHours',
  'meterStartReading',
  'leadDays',
  'graceDays',
  'graceHours',
  'assignee',
  'estimatedMinutes',
];

const SSO_PROVIDER_FIELDS = ['issuer', 'clientId', 'scopes', 'firstNameClaim', 'lastNameClaim', 'jitEnabled'];
/** A SAML provider as the trail records it (sso-saml-config.ts's auditedSaml). */
const SSO_SAML_FIELDS = [
  'protocol',
  'issuer',
  'entryPoint',
  'certificate',
  'emailAttribute',
  'firstNameClaim',
  'lastNameClaim',
  'jitEnabled',
];

const RESOLVED: Record<string, string[]> = {
  // Single sign-on (decision 086): audited(row) lists the provider's fields; the diff adds whether a secret was stored.
  'sso/sso-provider.service.ts diff.before': [...SSO_PROVIDER_FIELDS, 'clientSecret'],
  'sso/sso-provider.service.ts diff.after': [...SSO_PROVIDER_FIELDS, 'clientSecret'],
  'sso/sso-provider.service.ts audited(before)': [...SSO_PROVIDER_FIELDS, ...SSO_SAML_FIELDS],
  // SAML set-up (decision 090): what changed of audited(row), which was OpenID's fields when SAML replaces OpenID.
  'sso/sso-saml.service.ts before ? change.before : null': [...SSO_PROVIDER_FIELDS, ...SSO_SAML_FIELDS],
  'sso/sso-saml.service.ts change.after': SSO_SAML_FIELDS,
  // A badge replaced on printing a new one (decision 083): the old badge's hint, or nothing when there was none.
  'kiosks/badges.service.ts old ? { hint: old.hint } : null': ['hint'],
  // auditable(item) is the item without id, timestamps and the location's path.
  'inventory/items.service.ts auditable(item)': ITEM_FIELDS,
  'inventory/items.service.ts auditable(before)': ITEM_FIELDS,
  'inventory/items-import.service.ts auditable(item)': ITEM_FIELDS,
  // The configuration as repo.findLabelConfig reads it.
  'companies/companies.service.ts before': Object.keys(ZLabelConfigSchema.shape),
  // The format without id and updatedAt.
  'labels/formats.service.ts b': FORMAT_FIELDS,
  'labels/formats.service.ts input': Object.keys(ZLabelFormatInputSchema.shape),
  'labels/formats.service.ts repo.toLabelFormat(row)': Object.keys(ZLabelFormatSchema.shape),
  // The order's previous values of the header fields the request changes (customer, due date, notes).
  'build/orders.service.ts Object.fromEntries(Object.keys(header).map((k) => [k, before[k as keyof typeof header]]))':
    ['customer', 'dueOn', 'notes'],
  // A machine's fields with its location as "code name" (machines.service.ts's audited()).
  'maintenance/machines.service.ts audited(input, place)': MACHINE_FIELDS,
  'maintenance/machines.service.ts audited(before, oldPlace)': MACHINE_FIELDS,
  // A plan's columns with the machine as its asset tag and the assignee by name (plans.service.ts's audited()).
  'maintenance/plans.service.ts audited(old, oldTag, oldAssignee)': PLAN_FIELDS,
  'maintenance/plans.service.ts audited(columns, machine.assetTag, newAssignee)': PLAN_FIELDS,
  // A time entry as the trail records it (time-entries.service.ts's audited()), and an edit's changed part of it.
  'time/time-entries.service.ts audited(view)': TIME_ENTRY_FIELDS,
  'time/time-entries.service.ts audited(before)': TIME_ENTRY_FIELDS,
  'time/time-entries.service.ts diff.before': TIME_ENTRY_FIELDS,
  'time/time-entries.service.ts diff.after': TIME_ENTRY_FIELDS,
  // The e-mail settings with the people by address (email-settings.service.ts's audited()).
  'maintenance/email-settings.service.ts audited({ ...before, people: before.userIds.map(emailOf) })': [
    'people',
    'emails',
    'daysBefore',
    'overdueEveryDays',
    'breakdownAlerts',
    'dailyDigest',
    'digestHour',
  ],
};

/** Every non-test TypeScript file under server/modules that records audit entries. */
function auditingFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && path !== RECORDER) {
        // A company code list (server/modules/code-lists, decision 075) records through its configuration.
        if (/recordAudits?\(|codeList\(/.test(readFileSync(path, 'utf8'))) found.push(path);
      }
    }
  };
  walk(MODULES);
  return found;
}

const OPEN = '{([';
const CLOSE = '})]';

/** The index of the bracket closing the one at `start`, skipping strings, template literals and comments. */
function closing(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      i = text.indexOf('\n', i);
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      i = text.indexOf(c, i + 1);
      continue;
    }
    if (OPEN.includes(c)) depth++;
    else if (CLOSE.includes(c) && --depth === 0) return i;
  }
  throw new Error(`Unbalanced brackets from ${start}`);
}

/** The index of the `{` opening the object literal around `at`. */
function opening(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i >= 0; i--) {
    const c = text[i]!;
    if (CLOSE.includes(c)) depth++;
    else if (OPEN.includes(c)) {
      if (depth === 0) return i;
      depth--;
    }
  }
  throw new Error(`No object around ${at}`);
}

/** The top-level members of an object literal's body ("a: 1, b, ...c"), split at its own commas. */
function members(body: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '/' && body[i + 1] === '/') i = body.indexOf('\n', i);
    else if (c === "'" || c === '"' || c === '`') i = body.indexOf(c, i + 1);
    else if (OPEN.includes(c)) i = closing(body, i);
    else if (c === ',') {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts.map((part) => part.replace(/\/\/.*$/gm, '').trim()).filter(Boolean);
}

interface TRecorded {
  place: string;
  entityType: string;
  fields: string[];
  unread: string[];
}

/** The fields an expression written as `before`/`after` (or spread into them) can hold. */
function fieldsOf(file: string, text: string, expression: string): { fields: string[]; unread: string[] } {
  const value = expression.trim();
  if (value === 'null' || value === 'undefined') return { fields: [], unread: [] };
  if (value.startsWith('{')) {
    const fields = new Set<string>();
    const unread: string[] = [];
    for (const member of members(value.slice(1, -1))) {
      if (member.startsWith('...')) {
        const inner = fieldsOf(file, text, member.slice(3));
        for (const field of inner.fields) fields.add(field);
        unread.push(...inner.unread);
        continue;
      }
      const [key = '', ...rest] = member.split(':');
      // A field written as undefined (after a spread that had it) is dropped by JSON: it is not recorded.
      if (rest.join(':').trim() === 'undefined') fields.delete(key.trim());
      else fields.add(key.trim());
    }
    return { fields: [...fields], unread };
  }
  // (condition ? { a } : {}): either branch may be written, so the fields of both.
  if (value.startsWith('(') && closing(value, 0) === value.length - 1) {
    const branches = ternaryBranches(value.slice(1, -1));
    if (branches) {
      const [yes, no] = branches.map((branch) => fieldsOf(file, text, branch));
      return { fields: [...yes!.fields, ...no!.fields], unread: [...yes!.unread, ...no!.unread] };
    }
    return fieldsOf(file, text, value.slice(1, -1));
  }
  const resolved = RESOLVED[`${file} ${value}`];
  if (resolved) return { fields: resolved, unread: [] };
  // A name declared in the same file as an object literal (const header = { … }): that object's fields.
  const declared = /^\w+$/.test(value) ? new RegExp(`const ${value} = \\{`).exec(text) : null;
  if (declared) {
    const open = declared.index + declared[0].length - 1;
    return fieldsOf(file, text, text.slice(open, closing(text, open) + 1));
  }
  return { fields: [], unread: [`${file}: ${value}`] };
}

/** The two branches of `condition ? yes : no` at the top level of `expression`, or null when it is not one. */
function ternaryBranches(expression: string): [string, string] | null {
  let question = -1;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i]!;
    if (c === "'" || c === '"' || c === '`') i = expression.indexOf(c, i + 1);
    else if (OPEN.includes(c)) i = closing(expression, i);
    else if (c === '?' && expression[i + 1] !== '.' && expression[i + 1] !== '?' && question < 0)
      question = i;
    else if (c === ':' && question >= 0)
      return [expression.slice(question + 1, i).trim(), expression.slice(i + 1).trim()];
  }
  return null;
}

/** `...diff` in a change: the fields of `const diff = changedFields(x, y)` are those of x. */
function diffFields(file: string, text: string, name: string): { fields: string[]; unread: string[] } {
  const declared = new RegExp(`const ${name} = changedFields\\(`).exec(text);
  if (!declared) return { fields: [], unread: [`${file}: ...${name}`] };
  const open = declared.index + declared[0].length - 1;
  const [first] = members(text.slice(open + 1, closing(text, open)));
  return fieldsOf(file, text, first ?? '');
}

/** Every audit change written in the services, with the fields it records. */
function recordedChanges(): TRecorded[] {
  const changes: TRecorded[] = [];
  for (const path of auditingFiles()) {
    const file = relative(MODULES, path);
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(/entityType: '([a-z-]+)'/g)) {
      const start = opening(text, match.index);
      const body = text.slice(start + 1, closing(text, start));
      const fields: string[] = [];
      const unread: string[] = [];
      for (const member of members(body)) {
        const read = member.startsWith('...')
          ? diffFields(file, text, member.slice(3).trim())
          : /^(before|after):/.test(member)
            ? fieldsOf(file, text, member.replace(/^(before|after):/, ''))
            : /^audited:/.test(member)
              ? // A code list's configuration: the fields it records before and after, as a list of names.
                { fields: [...member.matchAll(/'(\w+)'/g)].map((m) => m[1]!), unread: [] }
              : { fields: [], unread: [] };
        fields.push(...read.fields);
        unread.push(...read.unread);
      }
      const line = text.slice(0, match.index).split('\n').length;
      changes.push({ place: `${relative(ROOT, path)}:${line}`, entityType: match[1]!, fields, unread });
    }
  }
  return changes;
}

describe('audit field labels', () => {
  const changes = recordedChanges();

  it('finds the audit changes of every area that records them', () => {
    expect(new Set(changes.map((change) => change.entityType))).toEqual(new Set(AUDIT_ENTITY_TYPES));
    expect(changes.find((c) => c.fields.includes('burdenedLaborRate'))?.entityType).toBe('user');
    expect(changes.find((c) => c.fields.includes('enableQualityFeature'))?.entityType).toBe(
      'company-configuration',
    );
  });

  it('reads the fields of every change', () => {
    expect(changes.flatMap((change) => change.unread)).toEqual([]);
  });

  it('has a label for every field a service records', () => {
    const missing = changes.flatMap((change) =>
      change.fields
        .filter((field) => !AUDIT_FIELD_LABELS[change.entityType as keyof typeof AUDIT_FIELD_LABELS]?.[field])
        .map((field) => `${change.place} ${change.entityType}.${field}`),
    );
    expect(missing).toEqual([]);
  });
});
