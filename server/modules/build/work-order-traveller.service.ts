// GET /api/v1/work-orders/:id/traveller.pdf (decision 048): the work order's traveller, its QR code the work
// order's label code (made on the first print and kept, like an item's: a reprint carries the same code).
import { compactCode, scanLink } from '#common/label-codes.ts';
import type { TTenant } from '../../db/tenant.ts';
import { codesFor } from '../labels/codes.service.ts';
import { renderTraveller } from './traveller-pdf.ts';
import { detailOf } from './work-orders.service.ts';

export async function travellerPdf(
  tenant: TTenant,
  appUrl: string,
  id: string,
): Promise<{ fileName: string; body: Uint8Array }> {
  const { companyId } = tenant;
  const { workOrder, token } = await tenant.run(async (tx) => {
    const workOrder = await detailOf(tx, companyId, id);
    const token = (await codesFor(tx, companyId, 'work-order', [id])).get(id) as string;
    return { workOrder, token };
  });
  const body = await renderTraveller({
    workOrder: { ...workOrder, code: compactCode('work-order', token) },
    link: scanLink(appUrl, 'work-order', token),
    compact: compactCode('work-order', token),
  });
  return { fileName: `traveller-${workOrder.numberText}.pdf`, body };
}
