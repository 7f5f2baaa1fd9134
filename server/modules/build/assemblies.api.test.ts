// Assembly setup through the API: a two-level BOM whose roll-up matches numbers worked out by hand, a loop through
// a sub-assembly refused naming it, a released revision frozen (409) with Edit making a new draft, bad input refused
// naming the field with nothing changed, where-used both levels up, and the audit trail of each change.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { laborRates } from '../users/labor-rates.tables.ts';
import { assemblyRevisions, bomLines } from './build.tables.ts';

let t: TTestApp;
let admin: string;
let operator: string;
const item: Record<string, string> = {};
const assembly: Record<string, { id: string; draft: string }> = {};

function send(method: 'GET' | 'POST' | 'PUT', url: string, cookie = admin, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) {
  const response = await send(method, url, admin, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

const line = (component: string, quantity: string, scrapPercent = '0') => ({
  componentItemId: item[component],
  quantity,
  scrapPercent,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ada@bom.example', role: 'admin', companyName: 'Bom Works' });
  operator = await t.signIn({ email: 'otto@bom.example', role: 'user', companyName: 'Bom Works' });
  for (const [key, partNumber, unitCost] of [
    ['top', 'TOP-1', '0'],
    ['sub', 'SUB-1', '99'],
    ['sub2', 'SUB-2', '0'],
    ['p1', 'P-1', '10'],
    ['p2', 'P-2', '1.5'],
    ['p3', 'P-3', '4'],
  ] as const) {
    item[key] = (
      await ok('POST', '/api/v1/items', { partNumber, name: `Part ${partNumber}`, unitCost }, 201)
    ).id;
  }
  for (const key of ['top', 'sub', 'sub2']) {
    const made = await ok('POST', '/api/v1/assemblies', { itemId: item[key] }, 201);
    assembly[key] = { id: made.id, draft: made.draftRevisionId };
  }
  // One person with a rate of $60/hour: the blended rate is 60.
  const session = (await send('GET', '/api/v1/session')).json();
  await t.database.db.insert(laborRates).values({
    id: uuidv7(),
    companyId: session.user.companyId,
    userId: session.user.id,
    rate: '60',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('a two-level BOM', () => {
  it('rolls material and labor up through the sub-assembly, as worked out by hand', async () => {
    // SUB-1 = 3 × P-2 ($1.50) + 0.5 × P-3 ($4), 4 run minutes a unit: material $6.50.
    await ok('PUT', `/api/v1/assembly-revisions/${assembly.sub!.draft}`, {
      lines: [line('p2', '3'), line('p3', '0.5')],
      steps: [{ title: 'Press', setupMinutes: '15', runMinutes: '4' }],
    });
    // TOP-1 = 2 × SUB-1 + 1 × P-1 ($10) with 10 % scrap, 3 run minutes a unit.
    const saved = await ok('PUT', `/api/v1/assembly-revisions/${assembly.top!.draft}`, {
      lines: [line('sub', '2'), { ...line('p1', '1', '10'), step: 1 }],
      steps: [{ title: 'Fit', instructions: '**Torque** to 4 Nm', setupMinutes: '5', runMinutes: '3' }],
    });
    expect(saved.lines.map((l: { component: { partNumber: string } }) => l.component.partNumber)).toEqual([
      'SUB-1',
      'P-1',
    ]);
    expect(saved.lines[0].component.assemblyId).toBe(assembly.sub!.id);
    expect(saved.lines[1]).toMatchObject({ quantity: '1', scrapPercent: '10', step: 1 });

    const cost = await ok('GET', `/api/v1/assembly-revisions/${assembly.top!.draft}/cost`);
    // Material: 2 × 6.50 + 1.1 × 10 = 13 + 11 = 24. Labor: 3 + 2 × 4 = 11 minutes at $60/h = $11. Total $35.
    expect(cost).toMatchObject({
      materialCost: '24',
      laborMinutes: '11',
      setupMinutes: '5',
      laborRate: '60',
      laborCost: '11',
      totalCost: '35',
    });
    expect(
      cost.rows.map((r: Record<string, unknown>) => [r.depth, r.partNumber, r.quantity, r.materialCost]),
    ).toEqual([
      [1, 'SUB-1', '2', '13'],
      [2, 'P-2', '6', '9'],
      [2, 'P-3', '1', '4'],
      [1, 'P-1', '1.1', '11'],
    ]);
    expect(cost.rows[0].unitCost).toBe('6.5');
  });

  it('shows where an item is used, directly and through the sub-assembly', async () => {
    const used = await ok('GET', `/api/v1/items/${item.p2}/where-used`);
    expect(
      used.rows.map((r: Record<string, unknown>) => [r.partNumber, r.depth, r.quantity, r.revisionStatus]),
    ).toEqual([
      ['SUB-1', 1, '3', 'draft'],
      ['TOP-1', 2, '2', 'draft'],
    ]);
  });

  it('lists the assemblies a page at a time, searched by part number', async () => {
    const page = await ok('GET', '/api/v1/assemblies?pageSize=2&page=1');
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items.map((a: { partNumber: string }) => a.partNumber)).toEqual(['SUB-1', 'SUB-2']);
    const found = await ok('GET', '/api/v1/assemblies?q=top');
    expect(found.items).toEqual([
      expect.objectContaining({ partNumber: 'TOP-1', draftNumber: 1, releasedNumber: null, lineCount: 2 }),
    ]);
  });
});

describe('loops', () => {
  it('refuses a component that leads back to the assembly, naming the loop, and changes nothing', async () => {
    // SUB-2 uses TOP-1; TOP-1 uses SUB-1. SUB-1 taking SUB-2 would close SUB-1 → SUB-2 → TOP-1 → SUB-1.
    await ok('PUT', `/api/v1/assembly-revisions/${assembly.sub2!.draft}`, { lines: [line('top', '1')] });
    const before = await ok('GET', `/api/v1/assembly-revisions/${assembly.sub!.draft}`);
    const refused = await send('PUT', `/api/v1/assembly-revisions/${assembly.sub!.draft}`, admin, {
      lines: [line('p2', '3'), line('sub2', '1')],
    });
    expect(refused.statusCode).toBe(400);
    const message = 'This would make a loop: SUB-1 → SUB-2 → TOP-1 → SUB-1';
    expect(refused.json().error).toMatchObject({
      message,
      fieldErrors: { 'lines.1.componentItemId': message },
    });
    expect(await ok('GET', `/api/v1/assembly-revisions/${assembly.sub!.draft}`)).toEqual(before);
  });

  it('refuses an assembly inside itself', async () => {
    const refused = await send('PUT', `/api/v1/assembly-revisions/${assembly.sub2!.draft}`, admin, {
      lines: [line('sub2', '1')],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('This would make a loop: SUB-2 → SUB-2');
  });
});

describe('revisions', () => {
  it('freezes a released revision (409) and makes a new draft from it on Edit', async () => {
    const released = await ok('POST', `/api/v1/assembly-revisions/${assembly.sub!.draft}/release`);
    expect(released).toMatchObject({
      number: 1,
      status: 'released',
      releasedBy: expect.stringContaining('ada@'),
    });

    const change = await send('PUT', `/api/v1/assembly-revisions/${assembly.sub!.draft}`, admin, {
      lines: [line('p2', '5')],
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.message).toBe(
      'Revision 1 is released and cannot change: choose Edit to make a new draft from it.',
    );
    const again = await send('POST', `/api/v1/assembly-revisions/${assembly.sub!.draft}/release`);
    expect(again.statusCode).toBe(409);

    const draft = await ok('POST', `/api/v1/assemblies/${assembly.sub!.id}/draft`, undefined, 201);
    expect(draft).toMatchObject({ number: 2, status: 'draft', basedOnNumber: 1 });
    expect(draft.lines.map((l: { quantity: string }) => l.quantity)).toEqual(['3', '0.5']);
    expect(draft.steps.map((s: { title: string }) => s.title)).toEqual(['Press']);
    // Asking again finds the same draft.
    expect((await ok('POST', `/api/v1/assemblies/${assembly.sub!.id}/draft`)).id).toBe(draft.id);

    await ok('PUT', `/api/v1/assembly-revisions/${draft.id}`, {
      lines: [line('p2', '4'), line('p3', '0.5')],
      steps: [{ id: draft.steps[0].id, title: 'Press hard', runMinutes: '4' }],
    });
    const frozen = await ok('GET', `/api/v1/assembly-revisions/${assembly.sub!.draft}`);
    expect(frozen.lines.map((l: { quantity: string }) => l.quantity)).toEqual(['3', '0.5']);

    const history = await ok('GET', `/api/v1/assemblies/${assembly.sub!.id}`);
    expect(history.revisions.map((r: { number: number; status: string }) => [r.number, r.status])).toEqual([
      [2, 'draft'],
      [1, 'released'],
    ]);
    // The current revision stays the released one until the draft is released.
    expect(history.currentRevisionId).toBe(assembly.sub!.draft);
    const cost = await ok('GET', `/api/v1/assembly-revisions/${assembly.top!.draft}/cost`);
    expect(cost.materialCost).toBe('24');
  });

  it('keeps a released revision frozen in the database too, whatever the code does', async () => {
    const db = t.database.db;
    const revision = assembly.sub!.draft; // released above
    const [own] = await db.select().from(bomLines).where(eq(bomLines.revisionId, revision)).limit(1);
    await expect(
      db.update(bomLines).set({ quantity: '9' }).where(eq(bomLines.id, own!.id)),
    ).rejects.toThrow();
    await expect(db.insert(bomLines).values({ ...own!, id: uuidv7(), position: 9 })).rejects.toThrow();
    await expect(
      db
        .update(assemblyRevisions)
        .set({ releasedBy: 'someone else' })
        .where(eq(assemblyRevisions.id, revision)),
    ).rejects.toThrow();
    const frozen = await ok('GET', `/api/v1/assembly-revisions/${revision}`);
    expect(frozen.lines.map((l: { quantity: string }) => l.quantity)).toEqual(['3', '0.5']);
  });

  it('refuses to release an empty draft', async () => {
    const other = await ok('POST', '/api/v1/items', { partNumber: 'EMPTY-1', name: 'Nothing in it' }, 201);
    const made = await ok('POST', '/api/v1/assemblies', { itemId: other.id }, 201);
    const refused = await send('POST', `/api/v1/assembly-revisions/${made.draftRevisionId}/release`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Add at least one component before releasing.');
  });

  it('writes each change in the audit trail', async () => {
    const trail = await ok('GET', `/api/v1/audit?entityType=assembly&pageSize=100`);
    const actions = trail.items
      .filter((e: { entityLabel: string }) => e.entityLabel === 'SUB-1')
      .map((e: { action: string }) => e.action)
      .reverse();
    expect(actions).toEqual(['created', 'updated', 'released', 'draft-opened', 'updated']);
  });
});

describe('bad input', () => {
  it('names the field and changes nothing', async () => {
    const before = await ok('GET', `/api/v1/assembly-revisions/${assembly.top!.draft}`);
    for (const [body, field, message] of [
      [{ lines: [line('p1', '0')] }, 'lines.0.quantity', 'Quantity must be more than 0'],
      [
        { lines: [line('p1', '1.1234567')] },
        'lines.0.quantity',
        'Quantity must be a number with at most 6 decimals',
      ],
      [{ lines: [line('p1', '1', '-5')] }, 'lines.0.scrapPercent', 'Scrap % cannot be negative'],
      [
        { lines: [{ ...line('p1', '1'), step: 2 }], steps: [{ title: 'Only' }] },
        'lines.0.step',
        'Choose a step from 1 to 1 (not 2)',
      ],
      [{ lines: [], steps: [{ title: '' }] }, 'steps.0.title', 'Title is required'],
    ] as const) {
      const refused = await send('PUT', `/api/v1/assembly-revisions/${assembly.top!.draft}`, admin, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.fieldErrors?.[field], refused.body).toBe(message);
    }
    expect(await ok('GET', `/api/v1/assembly-revisions/${assembly.top!.draft}`)).toEqual(before);
  });

  it('refuses an item that is already an assembly, and a plain user changing anything', async () => {
    const again = await send('POST', '/api/v1/assemblies', admin, { itemId: item.top });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fieldErrors).toEqual({ itemId: 'This item is already an assembly.' });
    const asUser = await send('PUT', `/api/v1/assembly-revisions/${assembly.top!.draft}`, operator, {
      lines: [],
    });
    expect(asUser.statusCode).toBe(403);
    // Reading is everyone's: the shop floor reads revisions.
    expect(
      (await send('GET', `/api/v1/assembly-revisions/${assembly.top!.draft}`, operator)).statusCode,
    ).toBe(200);
  });
});
