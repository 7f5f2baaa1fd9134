// One nonconformance (?nc=<id> on the Quality page's Nonconformances tab, decision 073): what it is about, with links
// to its lot, work order, inspection and rework work orders; its investigation; Disposition (admins, while any of it
// is undecided: a disposition may decide part of it) and Close (anyone but the opener, once all of it is decided);
// each disposition with what it posted, what is left to decide and what the lot's hold waits for; and its history.
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconGavel } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { hasRole } from '#common/roles.ts';
import { inspectionLabel } from '#common/schemas/inspections.ts';
import type { TNcDetail, TNcDispositionEntry } from '#common/schemas/nonconformances.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import { Fact } from '../../components/fact.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { When } from '../../components/when.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { auditActionLabel } from '../../lib/audit-labels.ts';
import { formatMoney } from '../../lib/format-money.ts';
import { formatQuantity, formatSignedQuantity } from '../../lib/format-quantity.ts';
import { qcDisplayPath } from '../../lib/qc-display-links.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { workOrderPath } from '../../lib/work-order-links.ts';
import { closeNonconformance, getNonconformance, lotPath, ncKeys } from './api.ts';
import { DispositionDialog } from './disposition-dialog.tsx';
import { DISPOSITION_LABELS, decidedText, entrySummary, lotWaitsSentence } from './nc-format.ts';
import { NcInspectionFailures } from './nc-inspection-failures.tsx';
import { NcInvestigation } from './nc-investigation.tsx';

const link = (to: string, text: string) => (
  <Anchor component={Link} to={to} underline="always">
    {text}
  </Anchor>
);

function DispositionEntry({ nc, entry }: { nc: TNcDetail; entry: TNcDispositionEntry }) {
  return (
    <Stack gap={4} component="li" aria-label={`${DISPOSITION_LABELS[entry.disposition]} ${entry.quantity}`}>
      <Text size="sm" fw={600}>
        {DISPOSITION_LABELS[entry.disposition]}: {formatQuantity(entry.quantity, nc.unitOfMeasure)}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {entrySummary(nc, entry)}
        {entry.note ? ` ${entry.note}` : ''}
      </Text>
      <Text size="sm" c="dimmed">
        {entry.dispositionedBy} · <When at={entry.dispositionedAt} />
      </Text>
      {entry.reworkWorkOrderId && entry.reworkWorkOrderNumber ? (
        <Text size="sm">
          Rework:{' '}
          {link(workOrderPath(entry.reworkWorkOrderId), workOrderNumberText(entry.reworkWorkOrderNumber))}
        </Text>
      ) : null}
      {entry.postingLines.length > 0 ? (
        // A line a row, not a table: it fits a 360 px phone without scrolling sideways inside the card.
        <Stack
          gap={2}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="What this disposition posted to the ledger"
        >
          {entry.postingLines.map((l) => (
            <Text
              key={`${l.locationCode}-${l.lotNumber ?? ''}`}
              component="li"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {formatSignedQuantity(l.quantityDelta, nc.unitOfMeasure)} at {l.locationCode}
              {l.lotNumber ? `, lot ${l.lotNumber}` : ''} · {formatMoney(l.unitCost)} each
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Its dispositions so far, what is left to decide, and what the lot's hold waits for. */
function Dispositions({ nc }: { nc: TNcDetail }) {
  const waits = lotWaitsSentence(nc);
  if (nc.dispositionLog.length === 0 && !waits) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="nc-disposition">
      <Title order={2} fz="lg" id="nc-disposition" mb="xs">
        Dispositions
      </Title>
      <Text size="sm" fw={600} mb="xs">
        {decidedText(nc)}
      </Text>
      {waits ? (
        <Alert color="orange" variant="light" mb="xs" title="Lot on hold">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {waits}
          </Text>
        </Alert>
      ) : null}
      <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {nc.dispositionLog.map((e) => (
          <DispositionEntry key={e.id} nc={nc} entry={e} />
        ))}
      </Stack>
    </Card>
  );
}

function History({ nc }: { nc: TNcDetail }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="nc-history">
      <Title order={2} fz="lg" id="nc-history" mb="xs">
        History
      </Title>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {nc.history.map((h) => (
          <li key={`${h.at}-${h.action}`}>
            <Text size="sm">
              {auditActionLabel(h.action)} · {h.actorName} · <When at={h.at} />
            </Text>
          </li>
        ))}
      </Stack>
    </Card>
  );
}

export function NcDetail({ ncId, onBack }: { ncId: string; onBack: () => void }) {
  const client = useQueryClient();
  const [disposing, setDisposing] = useState(false);
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const nc = useQuery({
    queryKey: ncKeys.one(ncId),
    queryFn: ({ signal }) => getNonconformance(ncId, signal),
  });
  const close = useMutation({
    mutationFn: () => closeNonconformance(ncId),
    onSuccess: async (saved) => {
      client.setQueryData(ncKeys.one(saved.id), saved);
      await client.invalidateQueries({ queryKey: ncKeys.all });
      toast('success', { title: `${saved.numberText} closed`, message: 'Nothing more changes on it.' });
    },
    onError: (error) => toast('error', { title: 'It could not be closed', message: messageOf(error) }),
  });
  const back = (
    <Group>
      <Button variant="subtle" px={0} leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
        All nonconformances
      </Button>
    </Group>
  );
  if (!nc.data)
    return (
      <Stack>
        {back}
        <QueryStatus
          query={nc}
          errorTitle="This nonconformance could not be loaded"
          loadingLabel="Loading nonconformance"
        />
      </Stack>
    );
  const n = nc.data;
  const mine = session?.user?.id === n.openedBy;
  const actions =
    n.status === 'open' && isAdmin ? (
      <Button leftSection={<IconGavel size={16} />} onClick={() => setDisposing(true)}>
        {n.dispositionLog.length > 0 ? 'Disposition the rest' : 'Disposition'}
      </Button>
    ) : n.status === 'dispositioned' ? (
      <Button
        leftSection={<IconCheck size={16} />}
        loading={close.isPending}
        disabled={mine}
        onClick={() => close.mutate()}
      >
        Close
      </Button>
    ) : undefined;
  return (
    <Stack>
      {back}
      <PageHeader
        back={false}
        title={n.numberText}
        badges={<StatusBadge of="nonconformance" status={n.status} />}
        subtitle={`${n.partNumber} · ${n.itemName}`}
        actions={actions}
      >
        <Text size="sm" c="dimmed">
          Opened by {n.openedByName} · <When at={n.openedAt} />
          {n.closedAt ? (
            <>
              {' · closed by '}
              {n.closedByName} · <When at={n.closedAt} />
            </>
          ) : null}
        </Text>
      </PageHeader>
      {n.status === 'open' && !isAdmin ? (
        <Text size="sm" c="dimmed">
          An admin decides its disposition (scrap, rework, use as is or return to supplier)
          {n.dispositionLog.length > 0
            ? `: ${formatQuantity(n.undecidedQuantity, n.unitOfMeasure)} is left to decide.`
            : '.'}
        </Text>
      ) : null}
      {n.status === 'dispositioned' && mine ? (
        <Text size="sm" c="dimmed">
          You opened it, so someone else closes it once they have checked the disposition.
        </Text>
      ) : null}
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Fact label="Quantity">{formatQuantity(n.quantity, n.unitOfMeasure)}</Fact>
          <Fact label="Lot">
            {n.lotId && n.lotNumber ? (
              <>
                {link(lotPath(n.lotId), n.lotNumber)}
                {n.lotQuantity !== null ? ` · holds ${formatQuantity(n.lotQuantity, n.unitOfMeasure)}` : ''}
                {n.lotOnHold ? ' · on hold' : ''}
              </>
            ) : (
              'None'
            )}
          </Fact>
          <Fact label="Supplier">{n.supplierName ?? 'None'}</Fact>
          <Fact label="From">
            {n.inspectionId
              ? link(
                  qcDisplayPath({ inspection: n.inspectionId }),
                  `Inspection ${inspectionLabel(n.inspectionNumber ?? 0)}`,
                )
              : n.workOrderId && n.workOrderNumber
                ? link(workOrderPath(n.workOrderId), workOrderNumberText(n.workOrderNumber))
                : 'Opened by hand'}
          </Fact>
        </SimpleGrid>
      </Card>
      {n.inspectionId ? (
        <NcInspectionFailures inspectionId={n.inspectionId} number={n.inspectionNumber ?? 0} />
      ) : null}
      <Dispositions nc={n} />
      <NcInvestigation key={`${n.id}-${n.status}`} nc={n} />
      <History nc={n} />
      {n.status === 'open' && isAdmin ? (
        <DispositionDialog opened={disposing} nc={n} onClose={() => setDisposing(false)} />
      ) : null}
    </Stack>
  );
}
