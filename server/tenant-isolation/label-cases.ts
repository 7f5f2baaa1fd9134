// The cross-company cases of work-order labels and travellers printed from Tag Items (decision 053,
// server/modules/labels/labels.routes.ts), for server/tenant-isolation.api.test.ts: its case of
// POST /api/v1/labels/print runs `printWorkOrders` too, and `cases` are spread into ROUTE_CASES. Company A has a
// planned work order of its own assembly (made here with part numbers of its own and no locations, so the other
// cases' fixtures and counts of B's data are as they expect). B naming A's work order is 404 naming that target
// with the same words as an id that exists nowhere, nothing of A's in the answer and A's label code as it was; then
// A's own request prints: the 404 is the company's, not the work order's.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PRINT_MESSAGES } from '#common/schemas/labels.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const A_PART = 'AWL-LAMP';

export function labelCases({ app, a, b, asB }: TCaseHelpers): {
  printWorkOrders: () => Promise<void>;
  cases: Record<string, TRouteCase>;
} {
  let made: Promise<{ id: string; formatId: string }> | undefined;
  /** A's planned work order of a released assembly, and A's first label format. */
  const aWorkOrder = () => {
    made ??= (async () => {
      const { ok } = client(app(), a().cookie);
      const item = (partNumber: string) =>
        ok('POST', '/api/v1/items', { partNumber, name: `Part ${partNumber}`, lotTracked: false }, 201);
      const [top, screw] = [await item(A_PART), await item('AWL-SCREW')];
      const assembly = await ok('POST', '/api/v1/assemblies', { itemId: top.id }, 201);
      await ok('PUT', `/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
        lines: [{ componentItemId: screw.id, quantity: '2', scrapPercent: '0' }],
        steps: [{ title: 'Fit', instructions: '', setupMinutes: '1', runMinutes: '1' }],
      });
      await ok('POST', `/api/v1/assembly-revisions/${assembly.draftRevisionId}/release`);
      const workOrder = await ok(
        'POST',
        '/api/v1/work-orders',
        { assemblyId: assembly.id, quantity: '1' },
        201,
      );
      const formatId = (await ok('GET', '/api/v1/label-formats')).items[0].id;
      return { id: workOrder.id, formatId };
    })();
    return made;
  };
  /** B's first label format. */
  const bFormatId = async () =>
    (await client(app(), b().cookie).ok('GET', '/api/v1/label-formats')).items[0].id;
  /** A's work order's label code, as A reads it. */
  const aCode = async () =>
    (await client(app(), a().cookie).ok('GET', `/api/v1/work-orders/${(await aWorkOrder()).id}`)).code;

  /** B is refused A's work order with 404 naming `field`, and A's code is what it was. */
  const refused = async (url: string, payload: object, field: string) => {
    const before = await aCode();
    const response = await asB({ method: 'POST', url, payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({ [field]: PRINT_MESSAGES.workOrderNotFound });
    expect(response.body).not.toContain(A_PART);
    expect(await aCode()).toBe(before);
  };

  return {
    async printWorkOrders() {
      const A = await aWorkOrder();
      const formatId = await bFormatId();
      const print = (format: string, ids: string[]) => ({
        formatId: format,
        output: 'roll',
        dpi: 203,
        targets: ids.map((id) => ({ kind: 'work-order', id, copies: 1 })),
      });
      await refused('/api/v1/labels/print', print(formatId, [A.id]), 'targets.0.id');
      await refused('/api/v1/labels/print', print(formatId, [randomUUID()]), 'targets.0.id');
      const { send } = client(app(), a().cookie);
      expect((await send('POST', '/api/v1/labels/print', print(A.formatId, [A.id]))).statusCode).toBe(200);
    },
    cases: {
      'POST /api/v1/labels/travellers': {
        kind: 'tenant',
        attempt: "prints A's work order's traveller: 404 naming it, as for an id nowhere; A's code unchanged",
        async probe() {
          const A = await aWorkOrder();
          const url = '/api/v1/labels/travellers';
          await refused(url, { workOrderIds: [A.id] }, 'workOrderIds.0');
          await refused(url, { workOrderIds: [randomUUID(), A.id] }, 'workOrderIds.0');
          const { send } = client(app(), a().cookie);
          expect((await send('POST', url, { workOrderIds: [A.id] })).statusCode).toBe(200);
        },
      },
    },
  };
}
