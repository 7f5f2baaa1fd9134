// Planning a work order tree (decision 064): the proposal and the tree's creation, called from Manage Orders (a line's
// "Create work orders") and from a work order's page (a sub-assembly's work order made under it), so neither
// feature imports the other's folder. Typed by the shared contract in common/schemas/work-orders.ts.
import type {
  TWorkOrderProposal,
  TWorkOrderProposalQuery,
  TWorkOrderTree,
  TWorkOrderTreeCreate,
} from '#common/schemas/work-orders.ts';
import { api } from './api-client.ts';

/** GET /api/v1/work-orders/proposal: the tree that would be made now. */
export function getWorkOrderProposal(query: TWorkOrderProposalQuery, signal?: AbortSignal) {
  const params = new URLSearchParams(
    Object.entries(query).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  return api<TWorkOrderProposal>(`/api/v1/work-orders/proposal?${params}`, { signal });
}

/** POST /api/v1/work-orders/tree: the proposal made, less the keys left out. */
export const createWorkOrderTree = (body: TWorkOrderTreeCreate) =>
  api<TWorkOrderTree>('/api/v1/work-orders/tree', { method: 'POST', body });

/** Under the work orders' root, so anything that refreshes work orders refreshes a proposal too. */
export const proposalKey = (query: TWorkOrderProposalQuery) => ['work-orders', 'proposal', query] as const;
