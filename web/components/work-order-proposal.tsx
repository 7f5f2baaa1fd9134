// The proposed tree of work orders (decision 064, planning through every level): the work order asked for and,
// indented under it, each sub-assembly with what its parent needs, what stock covers and what its own work order
// would build, ticked to be made. Unticking one leaves it (and what is under it) out. Rows are cards, one layout
// for a phone and a desk. Shared by Manage Orders (a line's "Create work orders") and a work order's page (a
// sub-assembly's work order made under it).
import { Checkbox, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TWorkOrderProposal,
  TWorkOrderProposalNode,
  TWorkOrderProposalQuery,
} from '#common/schemas/work-orders.ts';
import { nodesToMake } from '#common/work-order-tree.ts';
import { formatQuantity } from '../lib/format-quantity.ts';
import { getWorkOrderProposal, proposalKey } from '../lib/work-order-tree-api.ts';
import { QueryStatus } from './query-status.tsx';

/** The proposal for `query` (null while the form's values cannot be asked about), asked once typing pauses. */
export function useWorkOrderProposal(query: TWorkOrderProposalQuery | null) {
  const [settled] = useDebouncedValue(query, 300);
  return useQuery({
    queryKey: proposalKey(settled ?? { assemblyId: '', quantity: '' }),
    queryFn: ({ signal }) => getWorkOrderProposal(settled as TWorkOrderProposalQuery, signal),
    enabled: settled !== null,
    // The last plan stays while a new quantity is asked about, not once the form cannot be asked about at all.
    placeholderData: settled === null ? undefined : keepPreviousData,
    staleTime: 0,
  });
}

/** How many work orders the proposal makes once `leaveOut` is left out (the same rule as the server's). */
export const workOrdersMade = (proposal: TWorkOrderProposal | undefined, leaveOut: ReadonlySet<string>) =>
  proposal ? nodesToMake(proposal.nodes, leaveOut).length : 0;

const building = (n: TWorkOrderProposalNode) => /[1-9]/.test(n.quantity);

export function WorkOrderProposal({
  query,
  leaveOut,
  onToggle,
}: {
  query: ReturnType<typeof useWorkOrderProposal>;
  leaveOut: ReadonlySet<string>;
  onToggle: (key: string, make: boolean) => void;
}) {
  const proposal = query.data;
  if (!proposal)
    // Nothing asked yet (the quantity is not a number): nothing to show, not a spinner.
    return query.fetchStatus === 'idle' && !query.isError ? null : (
      <QueryStatus
        query={query}
        errorTitle="The plan could not be made"
        loadingLabel="Working out the plan"
      />
    );
  const made = new Set(nodesToMake(proposal.nodes, leaveOut).map((n) => n.key));
  return (
    <Stack
      gap={6}
      component="ul"
      aria-label="Work orders to make"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {proposal.nodes.map((n) => {
        const unit = n.unitOfMeasure;
        const build = formatQuantity(n.quantity, unit);
        // Indented by level, at most four steps, so a deep tree still fits a phone.
        const indent = Math.min(n.depth, 4) * 16;
        return (
          <Paper key={n.key} component="li" withBorder p="xs" ml={indent} aria-label={n.partNumber}>
            {n.depth === 0 ? (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {n.partNumber}: build {build}
              </Text>
            ) : building(n) ? (
              <Checkbox
                label={`Work order for ${n.partNumber}: build ${build}`}
                checked={made.has(n.key)}
                disabled={n.parentKey !== null && !made.has(n.parentKey)}
                onChange={(event) => onToggle(n.key, event.currentTarget.checked)}
                styles={{ label: { fontWeight: 600, overflowWrap: 'anywhere' } }}
              />
            ) : (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {n.partNumber}: {formatQuantity(n.fromStock, unit)} from stock
              </Text>
            )}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {n.name}
              {n.depth > 0
                ? ` · needs ${formatQuantity(n.needed, unit)}, ${formatQuantity(n.fromStock, unit)} from stock`
                : ''}
            </Text>
          </Paper>
        );
      })}
    </Stack>
  );
}
