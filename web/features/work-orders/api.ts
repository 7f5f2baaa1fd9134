// Calls of the Work Orders screen (decision 048), typed by the shared contract in common/schemas/work-orders.ts.
import type {
  TWorkOrderCreate,
  TWorkOrderDetail,
  TWorkOrderFilter,
  TWorkOrderListQuery,
  TWorkOrderPage,
} from '#common/schemas/work-orders.ts';
import type { TWorkOrderStatus } from '#common/work-order-status.ts';
import { api } from '../../lib/api-client.ts';
import { downloadFromApi } from '../../lib/download.ts';

const id = encodeURIComponent;

function filterParams(filter: Partial<TWorkOrderFilter>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ['status', 'assemblyId', 'dueFrom', 'dueTo', 'q', 'parentId'] as const) {
    const value = filter[key];
    if (value) params[key] = value;
  }
  return params;
}

export function listWorkOrders(query: TWorkOrderListQuery, signal?: AbortSignal): Promise<TWorkOrderPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...filterParams(query),
  });
  return api<TWorkOrderPage>(`/api/v1/work-orders?${params}`, { signal });
}

export const downloadWorkOrdersCsv = (filter: Partial<TWorkOrderFilter>) =>
  downloadFromApi(
    `/api/v1/work-orders/export.csv?${new URLSearchParams(filterParams(filter))}`,
    'work-orders.csv',
  );

export const getWorkOrder = (workOrderId: string, signal?: AbortSignal) =>
  api<TWorkOrderDetail>(`/api/v1/work-orders/${id(workOrderId)}`, { signal });

export const createWorkOrder = (body: TWorkOrderCreate) =>
  api<TWorkOrderDetail>('/api/v1/work-orders', { method: 'POST', body });

export const moveWorkOrder = (workOrderId: string, status: TWorkOrderStatus) =>
  api<TWorkOrderDetail>(`/api/v1/work-orders/${id(workOrderId)}/status`, {
    method: 'POST',
    body: { status },
  });

/** The traveller PDF, opened in a new tab to print. */
export const travellerUrl = (workOrderId: string) => `/api/v1/work-orders/${id(workOrderId)}/traveller.pdf`;

/** Query keys of the screen: a change refreshes everything under ['work-orders']. */
export const workOrderKeys = {
  all: ['work-orders'] as const,
  list: (query: object) => ['work-orders', 'list', query] as const,
  one: (workOrderId: string) => ['work-orders', 'one', workOrderId] as const,
};
