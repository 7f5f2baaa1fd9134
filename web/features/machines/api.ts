// Calls of the Machines screen (decision 055), typed by the shared contract in common/schemas/machines.ts.
import type {
  TMachineDetail,
  TMachineFilter,
  TMachineInput,
  TMachineListQuery,
  TMachinePage,
  TMachineStatusChange,
  TMeterReadingInput,
} from '#common/schemas/machines.ts';
import { api } from '../../lib/api-client.ts';
import { downloadFromApi } from '../../lib/download.ts';

const id = encodeURIComponent;

function filterParams(filter: Partial<TMachineFilter>): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.q) params.q = filter.q;
  if (filter.status) params.status = filter.status;
  return params;
}

export function listMachines(query: TMachineListQuery, signal?: AbortSignal): Promise<TMachinePage> {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...filterParams(query),
  });
  return api<TMachinePage>(`/api/v1/machines?${params}`, { signal });
}

export const downloadMachinesCsv = (filter: Partial<TMachineFilter>) =>
  downloadFromApi(`/api/v1/machines/export.csv?${new URLSearchParams(filterParams(filter))}`, 'machines.csv');

export const getMachine = (machineId: string, signal?: AbortSignal) =>
  api<TMachineDetail>(`/api/v1/machines/${id(machineId)}`, { signal });

export const createMachine = (body: TMachineInput) =>
  api<TMachineDetail>('/api/v1/machines', { method: 'POST', body });

export const updateMachine = (machineId: string, body: TMachineInput) =>
  api<TMachineDetail>(`/api/v1/machines/${id(machineId)}`, { method: 'PUT', body });

export const changeMachineStatus = (machineId: string, body: TMachineStatusChange) =>
  api<TMachineDetail>(`/api/v1/machines/${id(machineId)}/status`, { method: 'POST', body });

export const recordMeterReading = (machineId: string, body: TMeterReadingInput) =>
  api<TMachineDetail>(`/api/v1/machines/${id(machineId)}/meter-readings`, { method: 'POST', body });

/** Query keys of the screen: a change refreshes everything under ['machines']. */
export const machineKeys = {
  all: ['machines'] as const,
  list: (query: object) => ['machines', 'list', query] as const,
  one: (machineId: string) => ['machines', 'one', machineId] as const,
};

/** The page of one machine. */
export const machinePath = (machineId: string) => `/maintenance/machines?id=${encodeURIComponent(machineId)}`;
