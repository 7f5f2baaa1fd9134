// Printing labels: check every target belongs to the company (400 naming the field otherwise, nothing printed),
// give each its permanent code, then render PDF or ZPL (docs/decisions/027).

import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import type { TCodeKind } from '#common/label-codes.ts';
import { featureFlagsOf, featureOffMessage } from '#common/label-config.ts';
import { LabelFitError, SHEETS } from '#common/label-layout.ts';
import { jobNumberText } from '#common/schemas/jobs.ts';
import {
  formatInches,
  PRINT_MAX_LABELS,
  PRINT_MESSAGES,
  PRINT_TARGET_KINDS,
  type TLabelFormat,
  type TPrintRequest,
} from '#common/schemas/labels.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import type { TTenant } from '../../db/tenant.ts';
import { findLabelConfig } from '../companies/companies.repo.ts';
import { companyToday } from '../companies/company-clock.ts';
import { codesFor } from './codes.service.ts';
import { formatForPrint } from './formats.service.ts';
import { layoutPrepared, prepareLabel, type TLabelContent, type TPreparedLabel } from './layout.ts';
import * as repo from './print.repo.ts';
import { renderPdf } from './render-pdf.ts';
import { renderZpl } from './render-zpl.ts';

/** A checked print, ready to render. */
export interface TPrintPlan {
  request: TPrintRequest;
  format: TLabelFormat;
  labels: TPreparedLabel[];
  total: number;
}

/** The finished file. */
export interface TPrintFile {
  filename: string;
  contentType: string;
  body: Uint8Array | string;
  labels: number;
}

const refuse = (field: string, message: string) => new AppError('BAD_REQUEST', message, { [field]: message });
// A work order of another company is a 404 as on every work-order route (decision 048); a cancelled one is a state
// of the moment, 409 (decision 053).
const notFound = (field: string, message: string) => new AppError('NOT_FOUND', message, { [field]: message });
const conflict = (field: string, message: string) => new AppError('CONFLICT', message, { [field]: message });

/** Checks the request and gathers every label's content and code; renders nothing yet. */
export async function planPrint(
  tenant: TTenant,
  appUrl: string,
  request: TPrintRequest,
): Promise<TPrintPlan> {
  const { companyId } = tenant;
  const plan = await tenant.run(async (tx) => {
    // Work orders are Build's and machines Maintenance's: their labels need that area on as well as the route's
    // Inventory (read in this transaction, so a switch made a moment ago counts as the area groups' check would).
    for (const [kind, area] of [
      ['work-order', 'build'],
      ['machine', 'maintenance'],
      ['job', 'time'],
    ] as const) {
      if (!request.targets.some((t) => t.kind === kind)) continue;
      const config = await findLabelConfig(tx, companyId);
      if (!config || !featureFlagsOf(config)[area])
        throw new AppError('FEATURE_DISABLED', featureOffMessage(area));
    }
    const date = await companyToday(tx, companyId);
    const blank = { partNumber: '', name: '', lot: '', location: '', quantity: '', date };
    const format = await formatForPrint(tx, companyId, request.formatId);
    const idsOf = (kind: TCodeKind) => [
      ...new Set(request.targets.filter((t) => t.kind === kind).map((t) => t.id)),
    ];
    const found = {
      item: new Map((await repo.itemsByIds(tx, companyId, idsOf('item'))).map((r) => [r.id, r])),
      lot: new Map((await repo.lotsByIds(tx, companyId, idsOf('lot'))).map((r) => [r.id, r])),
      location: new Map((await repo.locationsByIds(tx, companyId, idsOf('location'))).map((r) => [r.id, r])),
      'work-order': new Map(
        (await repo.workOrdersByIds(tx, companyId, idsOf('work-order'))).map((r) => [r.id, r]),
      ),
      machine: new Map((await repo.machinesByIds(tx, companyId, idsOf('machine'))).map((r) => [r.id, r])),
      job: new Map((await repo.jobsByIds(tx, companyId, idsOf('job'))).map((r) => [r.id, r])),
    };
    const missing = {
      item: PRINT_MESSAGES.itemNotFound,
      lot: PRINT_MESSAGES.lotNotFound,
      location: PRINT_MESSAGES.locationNotFound,
      'work-order': PRINT_MESSAGES.workOrderNotFound,
      machine: PRINT_MESSAGES.machineNotFound,
      job: PRINT_MESSAGES.jobNotFound,
    };
    request.targets.forEach((t, i) => {
      if (t.kind === 'work-order') {
        const workOrder = found['work-order'].get(t.id);
        if (!workOrder) throw notFound(`targets.${i}.id`, missing[t.kind]);
        if (workOrder.status === 'cancelled')
          throw conflict(
            `targets.${i}.id`,
            PRINT_MESSAGES.workOrderCancelled(workOrderNumberText(workOrder.number)),
          );
      } else if (t.kind === 'machine' || t.kind === 'job') {
        // As every machine and job route answers another company's machine or job (decisions 055, 079).
        if (!found[t.kind].has(t.id)) throw notFound(`targets.${i}.id`, missing[t.kind]);
      } else if (!found[t.kind].has(t.id)) throw refuse(`targets.${i}.id`, missing[t.kind]);
    });
    const contents: Array<Omit<TLabelContent, 'token'> & { id: string }> = request.targets.map((t) => {
      if (t.kind === 'item') {
        const item = found.item.get(t.id)!;
        return {
          ...blank,
          id: t.id,
          kind: 'item',
          copies: t.copies,
          partNumber: item.partNumber,
          name: item.name,
          location: item.locationCode ?? '',
        };
      }
      if (t.kind === 'lot') {
        const lot = found.lot.get(t.id)!;
        return {
          ...blank,
          id: t.id,
          kind: 'lot',
          copies: t.copies,
          partNumber: lot.partNumber,
          name: lot.name,
          lot: lot.lotNumber,
        };
      }
      if (t.kind === 'work-order') {
        const workOrder = found['work-order'].get(t.id)!;
        return {
          ...blank,
          id: t.id,
          kind: 'work-order',
          copies: t.copies,
          heading: workOrderNumberText(workOrder.number),
          partNumber: workOrder.partNumber,
          name: workOrder.name,
          location: workOrder.outputLocationCode ?? '',
          quantity: `${normalizeDecimal(workOrder.quantity)} ${workOrder.unitOfMeasure}`,
        };
      }
      if (t.kind === 'machine') {
        // The asset tag first, as a work order's number: the one thing a technician reads off a machine's label.
        const machine = found.machine.get(t.id)!;
        return {
          ...blank,
          id: t.id,
          kind: 'machine',
          copies: t.copies,
          heading: machine.assetTag,
          partNumber: [machine.make, machine.model].filter(Boolean).join(' '),
          name: machine.name,
          location: machine.locationCode ?? '',
        };
      }
      if (t.kind === 'job') {
        // The number first, as a work order's: what people say; then the job's name and, as a part number's place
        // on the label, its customer. Any status prints: a held job's label is scanned again once it reopens.
        const job = found.job.get(t.id)!;
        return {
          ...blank,
          id: t.id,
          kind: 'job',
          copies: t.copies,
          heading: jobNumberText(job.number),
          partNumber: job.customer,
          name: job.name,
        };
      }
      const location = found.location.get(t.id)!;
      return {
        ...blank,
        id: t.id,
        kind: 'location',
        copies: t.copies,
        name: location.name,
        location: location.fullCode,
      };
    });
    if (request.everythingIn) {
      const [where] = await repo.locationsByIds(tx, companyId, [request.everythingIn.locationId]);
      if (!where) throw refuse('everythingIn.locationId', PRINT_MESSAGES.locationNotFound);
      const stock = await repo.stockInSubtree(tx, companyId, where.path, PRINT_MAX_LABELS + 1);
      if (stock.length === 0) throw refuse('everythingIn.locationId', PRINT_MESSAGES.emptyLocation);
      for (const row of stock) {
        contents.push({
          ...blank,
          id: row.id,
          kind: 'item',
          copies: request.everythingIn.copies,
          partNumber: row.partNumber,
          name: row.name,
          location: where.fullCode,
          quantity: `${normalizeDecimal(row.quantity)} ${row.unitOfMeasure}`,
        });
      }
    }
    const total = contents.reduce((sum, c) => sum + c.copies, 0);
    if (total > PRINT_MAX_LABELS) throw refuse('targets', PRINT_MESSAGES.tooMany(total));
    const tokens = {} as Record<TCodeKind, Map<string, string>>;
    for (const kind of PRINT_TARGET_KINDS)
      tokens[kind] = await codesFor(
        tx,
        companyId,
        kind,
        contents.filter((c) => c.kind === kind).map((c) => c.id),
      );
    const labels = contents.map(({ id, ...c }) =>
      prepareLabel(format, appUrl, { ...c, token: tokens[c.kind].get(id)! }),
    );
    return { request, format, labels, total };
  });
  // Every label of a print has the same size and a code of the same length: if the first fits, all do.
  const size =
    request.output === 'roll' || request.output === 'zpl'
      ? formatInches(plan.format)
      : SHEETS[request.output];
  try {
    layoutPrepared(
      plan.format,
      plan.labels[0]!,
      'labelWidthIn' in size ? { width: size.labelWidthIn, height: size.labelHeightIn } : size,
      request.dpi,
    );
  } catch (error) {
    if (error instanceof LabelFitError) throw refuse('formatId', error.message);
    throw error;
  }
  return plan;
}

/** Renders a checked print; `onProgress` hears the number of labels drawn so far. */
export async function renderPrint(
  plan: TPrintPlan,
  onProgress?: (done: number) => void,
): Promise<TPrintFile> {
  const { request, format, labels } = plan;
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const base = `labels-${
    format.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'format'
  }-${stamp}`;
  if (request.output === 'zpl') {
    const body = await renderZpl({ format, dpi: request.dpi, labels, ...(onProgress ? { onProgress } : {}) });
    return { filename: `${base}.zpl`, contentType: 'text/plain; charset=utf-8', body, labels: plan.total };
  }
  const body = await renderPdf({
    format,
    output: request.output,
    dpi: request.dpi,
    labels,
    ...(onProgress ? { onProgress } : {}),
  });
  return { filename: `${base}.pdf`, contentType: 'application/pdf', body, labels: plan.total };
}
