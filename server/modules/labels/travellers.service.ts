// Travellers of several work orders in one PDF, printed from Tag Items (decision 053): each sheet is the work
// order's own traveller (decision 048's renderer, the same QR code as its label), one after the other.
import { PDFDocument } from 'pdf-lib';
import { AppError } from '#common/errors.ts';
import { compactCode, scanLink } from '#common/label-codes.ts';
import { PRINT_MESSAGES, type TTravellerRequest } from '#common/schemas/labels.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import type { TTenant } from '../../db/tenant.ts';
import { renderTraveller } from '../build/traveller-pdf.ts';
import { detailOf } from '../build/work-orders.service.ts';
import { codesFor } from './codes.service.ts';
import { workOrdersByIds } from './print.repo.ts';

/** The finished file. */
export interface TTravellersFile {
  filename: string;
  body: Uint8Array;
  travellers: number;
}

/**
 * Checks every work order is the company's (404 naming `workOrderIds.<i>` otherwise) and not cancelled (409), gives
 * each its permanent code, and draws their travellers in the order asked; an id asked twice prints once.
 */
export async function printTravellers(
  tenant: TTenant,
  appUrl: string,
  request: TTravellerRequest,
): Promise<TTravellersFile> {
  const { companyId } = tenant;
  const ids = [...new Set(request.workOrderIds)];
  const sheets = await tenant.run(async (tx) => {
    const found = new Map((await workOrdersByIds(tx, companyId, ids)).map((r) => [r.id, r]));
    request.workOrderIds.forEach((id, i) => {
      const field = `workOrderIds.${i}`;
      const workOrder = found.get(id);
      if (!workOrder)
        throw new AppError('NOT_FOUND', PRINT_MESSAGES.workOrderNotFound, {
          [field]: PRINT_MESSAGES.workOrderNotFound,
        });
      if (workOrder.status === 'cancelled') {
        const message = PRINT_MESSAGES.workOrderCancelled(workOrderNumberText(workOrder.number));
        throw new AppError('CONFLICT', message, { [field]: message });
      }
    });
    const tokens = await codesFor(tx, companyId, 'work-order', ids);
    const details = [];
    for (const id of ids)
      details.push({ workOrder: await detailOf(tx, companyId, id), token: tokens.get(id)! });
    return details;
  });
  const doc = await PDFDocument.create();
  doc.setTitle(
    sheets.length === 1 ? `Traveller ${sheets[0]!.workOrder.numberText}` : `${sheets.length} travellers`,
  );
  doc.setCreator('Forgeboard');
  for (const { workOrder, token } of sheets) {
    const one = await PDFDocument.load(
      await renderTraveller({
        workOrder: { ...workOrder, code: compactCode('work-order', token) },
        link: scanLink(appUrl, 'work-order', token),
        compact: compactCode('work-order', token),
      }),
    );
    for (const page of await doc.copyPages(one, one.getPageIndices())) doc.addPage(page);
  }
  const filename =
    sheets.length === 1
      ? `traveller-${sheets[0]!.workOrder.numberText}.pdf`
      : `travellers-${sheets[0]!.workOrder.numberText}-and-${sheets.length - 1}-more.pdf`;
  return { filename, body: await doc.save(), travellers: sheets.length };
}
