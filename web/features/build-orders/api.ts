// Calls of Manage Orders (decision 047), typed by the shared contracts in common/schemas/build-orders.ts; work
// orders are made through the work-order module's own POST /api/v1/work-orders (common/schemas/work-orders.ts).
import type {
  TBuildability,
  TBuildOrder,
  TBuildOrderCreate,
  TBuildOrderFilter,
  TBuildOrderListQuery,
  TBuildOrderPage,
  TBuildOrderUpdate,
} from '#common/schemas/build-orders.ts';
import type { TWorkOrderCreate } from '#common/schemas/work-orders.ts';
import type { TBuildOrderStatus } from '#common/work-order-status.ts';
import { api } from '../../lib/api-client.ts';
import { downloadFromApi } from '../../lib/download.ts';

const id = encodeURIComponent;

function filterParams(filter: TBuildOrderFilter): Record<string, string> {
  return { status: filter.status, ...(filter.q ? { q: filter.q } : {}) };
}

export function listOrders(query: TBuildOrderListQuery, signal?: AbortSignal): Promise<TBuildOrderPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...filterParams(query),
  });
  return api<TBuildOrderPage>(`/api/v1/build-orders?${params}`, { signal });
}

export const downloadOrdersCsv = (filter: TBuildOrderFilter) =>
  downloadFromApi(
    `/api/v1/build-orders/export.csv?${new URLSearchParams(filterParams(filter))}`,
    'orders.csv',
  );

export const createOrder = (body: TBuildOrderCreate) =>
  api<TBuildOrder>('/api/v1/build-orders', { method: 'POST', body });

export const getOrder = (orderId: string, signal?: AbortSignal) =>
  api<TBuildOrder>(`/api/v1/build-orders/${id(orderId)}`, { signal });

export const updateOrder = (orderId: string, body: TBuildOrderUpdate) =>
  api<TBuildOrder>(`/api/v1/build-orders/${id(orderId)}`, { method: 'PATCH', body });

export const moveOrder = (orderId: string, status: TBuildOrderStatus) =>
  api<TBuildOrder>(`/api/v1/build-orders/${id(orderId)}/status`, { method: 'POST', body: { status } });

export function getBuildability(orderId: string, lineId: string | null, signal?: AbortSignal) {
  const query = lineId ? `?${new URLSearchParams({ lineId })}` : '';
  return api<TBuildability>(`/api/v1/build-orders/${id(orderId)}/buildability${query}`, { signal });
}

/** One work order of a line's part (the work-order module's route). */
export const createWorkOrder = (body: TWorkOrderCreate) =>
  api<{ id: string }>('/api/v1/work-orders', { method: 'POST', body });

/** Query keys of the area: a change refreshes everything under ['build-orders']. */
export const orderKeys = {
  all: ['build-orders'] as const,
  list: (query: object) => ['build-orders', 'list', query] as const,
  order: (orderId: string) => ['build-orders', 'one', orderId] as const,
  buildability: (orderId: string, lineId: string | null) =>
    ['build-orders', 'one', orderId, 'buildability', lineId] as const,
};

/** Where an order's page is. Both /build/create-order and /orders show the screen; links stay on the one in use. */
export const orderHref = (base: string, orderId: string) => `${base}?id=${encodeURIComponent(orderId)}`;
