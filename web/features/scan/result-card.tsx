// One scan's card: what was found (an item, a lot, a location, or nothing) and its actions as big buttons, one tap
// each. The card reads its answer from the query cache under 'stock', so a posting made from it refreshes it.
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TScanBalance, TScanMatch, TScanResult } from '#common/schemas/scan.ts';
import { InspectButton } from '../../components/inspect-button.tsx';
import { OnDate } from '../../components/when.tsx';
import { resolveCode, scanKey } from '../../lib/code-lookup.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { JobResult } from './job-result.tsx';
import { MachineResult } from './machine-result.tsx';
import { ScanActions } from './scan-actions.tsx';
import { WorkOrderResult } from './work-order-result.tsx';

/** What a card's button asks the page to do. */
export type TScanAction =
  | { kind: 'receive' | 'issue' | 'move' | 'borrow' | 'return' | 'count'; result: TScanResult }
  | { kind: 'move-here' | 'count-location'; result: Extract<TScanResult, { kind: 'location' }> };

/** One entry of the page's list of scans. */
export interface TScanEntry {
  id: string;
  code: string;
  at: Date;
  /** Null while resolving; the server's "Not recognised …" message when nothing matched. */
  outcome: { found: true } | { found: false; message: string } | null;
}

const MATCHED: Record<TScanMatch, string | null> = {
  code: null,
  'part-number': 'Matched the part number',
  'lot-number': 'Matched the lot number',
  'location-code': 'Matched the location code',
  'work-order-number': 'Matched the work order number',
  'asset-tag': 'Matched the asset tag',
  'job-number': 'Matched the job number',
};

function BalanceLines({
  balances,
  count,
  show,
}: {
  balances: TScanBalance[];
  count: number;
  show: 'item' | 'where';
}) {
  if (count === 0) return <Text c="dimmed">Nothing in stock.</Text>;
  return (
    <Stack gap={2}>
      {balances.slice(0, 5).map((b) => (
        <Text
          key={`${b.itemId}|${b.locationId}|${b.lotId ?? ''}`}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          <b>
            {b.quantity} {b.unitOfMeasure}
          </b>{' '}
          {show === 'item' ? `${b.partNumber} — ${b.itemName}` : b.locationCode}
          {b.lotNumber ? ` · lot ${b.lotNumber}` : ''}
        </Text>
      ))}
      {count > 5 ? (
        <Text size="sm" c="dimmed">
          and {count - 5} more {count - 5 === 1 ? 'place' : 'places'}
        </Text>
      ) : null}
    </Stack>
  );
}

function ActionButton({ label, onClick, to }: { label: string; onClick?: () => void; to?: string }) {
  if (to)
    return (
      <Button component={Link} to={to} size="lg" variant="light" fullWidth>
        {label}
      </Button>
    );
  return (
    <Button size="lg" variant="light" fullWidth onClick={onClick}>
      {label}
    </Button>
  );
}

function FoundCard({
  result,
  isAdmin,
  allowBorrowing,
  onAction,
}: {
  result: TScanResult;
  isAdmin: boolean;
  allowBorrowing: boolean;
  onAction: (action: TScanAction) => void;
}) {
  const matched = MATCHED[result.matchedBy];
  if (result.kind === 'location') {
    const { location } = result;
    return (
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge color="grape">Location</Badge>
          {matched ? <Badge variant="outline">{matched}</Badge> : null}
          {location.active ? null : <Badge color="gray">Inactive</Badge>}
        </Group>
        <Title order={3} style={{ overflowWrap: 'anywhere' }}>
          {location.fullCode}
        </Title>
        <Text c="dimmed" size="sm">
          {location.name} · {location.kind}
        </Text>
        <BalanceLines balances={result.balances} count={result.balanceCount} show="item" />
        <ScanActions>
          <ActionButton label="Move here" onClick={() => onAction({ kind: 'move-here', result })} />
          {isAdmin ? (
            <ActionButton
              label="Start a count"
              onClick={() => onAction({ kind: 'count-location', result })}
            />
          ) : null}
        </ScanActions>
      </Stack>
    );
  }
  if (result.kind === 'work-order') return <WorkOrderResult result={result} matched={matched} />;
  if (result.kind === 'job') return <JobResult result={result} matched={matched} />;
  if (result.kind === 'machine') return <MachineResult result={result} matched={matched} />;
  const { item } = result;
  const open = result.kind === 'lot' ? `/items?lot=${result.lot.id}` : `/items?id=${item.id}`;
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Badge color={result.kind === 'lot' ? 'orange' : 'blue'}>
          {result.kind === 'lot' ? 'Lot' : 'Item'}
        </Badge>
        {matched ? <Badge variant="outline">{matched}</Badge> : null}
        {item.active ? null : <Badge color="gray">Inactive</Badge>}
      </Group>
      <Title order={3} style={{ overflowWrap: 'anywhere' }}>
        {item.partNumber}
        {result.kind === 'lot' ? ` · lot ${result.lot.lotNumber}` : ''}
      </Title>
      <Text style={{ overflowWrap: 'anywhere' }}>{item.name}</Text>
      <Text size="sm">
        On hand: <b>{result.onHand}</b> {item.unitOfMeasure}
        {result.kind === 'lot' && result.lot.expiresOn ? (
          <>
            {' · expires '}
            <OnDate date={result.lot.expiresOn} />
          </>
        ) : null}
      </Text>
      {result.kind === 'lot' && result.lot.hold ? (
        <Alert color="red" title="On hold" role="status" p="xs">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {result.lot.hold.reason}: it cannot be issued, moved, consumed or lent until it is released.
          </Text>
        </Alert>
      ) : null}
      <BalanceLines balances={result.balances} count={result.balanceCount} show="where" />
      <ScanActions>
        <ActionButton label="Receive" onClick={() => onAction({ kind: 'receive', result })} />
        <ActionButton label="Issue" onClick={() => onAction({ kind: 'issue', result })} />
        <ActionButton label="Move" onClick={() => onAction({ kind: 'move', result })} />
        <ActionButton label="Count" onClick={() => onAction({ kind: 'count', result })} />
        {allowBorrowing ? (
          <>
            <ActionButton label="Borrow" onClick={() => onAction({ kind: 'borrow', result })} />
            <ActionButton label="Return" onClick={() => onAction({ kind: 'return', result })} />
          </>
        ) : null}
        <ActionButton label="Open" to={open} />
        {result.kind === 'lot' ? <InspectButton lotId={result.lot.id} /> : null}
      </ScanActions>
    </Stack>
  );
}

export function ScanCard({
  entry,
  isAdmin,
  allowBorrowing,
  onAction,
}: {
  entry: TScanEntry;
  isAdmin: boolean;
  allowBorrowing: boolean;
  onAction: (action: TScanAction) => void;
}) {
  const found = entry.outcome?.found === true;
  const query = useQuery({
    queryKey: scanKey(entry.code),
    queryFn: ({ signal }) => resolveCode(entry.code, signal),
    enabled: found,
    retry: false,
  });
  // To the second: a scanner burst reads several codes a minute.
  const time = useCompanyClock().time(entry.at, { seconds: true });
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={`Scan ${entry.code}`}
      style={{
        borderLeft: `6px solid var(--mantine-color-${found ? 'green' : entry.outcome ? 'red' : 'gray'}-6)`,
      }}
    >
      <Text size="xs" c="dimmed" mb={4} style={{ overflowWrap: 'anywhere' }}>
        {time} · {entry.code}
      </Text>
      {entry.outcome === null ? (
        <Text>Looking it up…</Text>
      ) : !entry.outcome.found ? (
        <Alert color="red" title="Not recognised" p="sm">
          <Text size="sm">{entry.outcome.message}</Text>
          <Text size="sm" mt={4}>
            Check that the label belongs to your company, or type the part number, lot or location code. An
            item without a label can be tagged under{' '}
            <Anchor component={Link} to="/labels">
              Tag Items
            </Anchor>
            .
          </Text>
        </Alert>
      ) : query.data ? (
        <FoundCard
          result={query.data}
          isAdmin={isAdmin}
          allowBorrowing={allowBorrowing}
          onAction={onAction}
        />
      ) : query.isError ? (
        <Text c="red">
          {query.error instanceof Error ? query.error.message : 'This code could not be looked up.'}
        </Text>
      ) : (
        <Text>Looking it up…</Text>
      )}
    </Paper>
  );
}
