// The overview: sign-in numbers of the range, the failures chart, the top failing addresses and accounts, and MFA
// adoption per company (paged on the server).
import { Card, Group, Pagination, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TSecurityOverview } from '#common/schemas/security-dashboard.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import type { TRange } from './api.ts';
import { fetchOverview } from './api.ts';
import { FailuresChart } from './failures-chart.tsx';
import { securityKeys } from './query-keys.ts';
import { SectionLoading } from './section-loading.tsx';

const MFA_PAGE_SIZE = 10;

function Stat({ label, value, hint }: { label: string; value: number | string; hint?: string }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

function TopList({
  title,
  empty,
  rows,
}: {
  title: string;
  empty: string;
  rows: { key: string; name: string; note?: string | null; count: number; lastAt: string }[];
}) {
  const clock = useCompanyClock();
  return (
    <Card withBorder padding="sm">
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table aria-label={title} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Who</Table.Th>
              <Table.Th scope="col" ta="right">
                Failed
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.note ? `${row.note} · ` : ''}last {clock.dateTime(row.lastAt)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {row.count}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

function MfaAdoption({
  mfa,
  page,
  onPage,
}: {
  mfa: TSecurityOverview['mfa'];
  page: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(mfa.companies.total / MFA_PAGE_SIZE));
  return (
    <Card withBorder padding="sm">
      <Title order={3} fz="md">
        MFA adoption
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {mfa.usersWithMfa} of {mfa.users} active users ({mfa.percent}%) use two-factor sign-in (an
        authenticator app or a passkey). Lowest adoption first.
      </Text>
      {mfa.companies.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No companies yet.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {mfa.companies.items.map((company) => (
            <li key={company.companyId}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {company.companyName}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {company.usersWithMfa} of {company.users} · {company.percent}%
                </Text>
              </Group>
              <Progress
                value={company.percent}
                color={company.percent >= 80 ? 'green.7' : company.percent >= 40 ? 'yellow.6' : 'red.7'}
                aria-label={`${company.companyName}: ${company.usersWithMfa} of ${company.users} users use two-factor sign-in`}
                mt={4}
              />
            </li>
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Pagination
          mt="sm"
          value={page}
          onChange={onPage}
          total={pages}
          aria-label="Pages of MFA adoption"
          getControlProps={(control) => ({ 'aria-label': `${control} page of MFA adoption` })}
        />
      ) : null}
    </Card>
  );
}

export function OverviewSection({ range }: { range: TRange }) {
  const [mfaPage, setMfaPage] = useState(1);
  const overview = useQuery({
    queryKey: securityKeys.overview({ ...range, mfaPage }),
    queryFn: ({ signal }) => fetchOverview(range, mfaPage, MFA_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  if (overview.isError && !overview.data) {
    return (
      <LoadError
        title="The sign-in overview could not be loaded"
        error={overview.error}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  const data = overview.data;
  if (!data) return <SectionLoading what="the sign-in overview" />;
  const { counts } = data;

  return (
    <Stack gap="md" aria-busy={overview.isFetching}>
      {overview.isError ? (
        <LoadError
          title="The latest numbers could not be loaded"
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Stat label="Sign-ins" value={counts.signInsSucceeded} hint="sessions started" />
        <Stat label="Failed sign-ins" value={counts.signInsFailed} />
        <Stat label="Rate limited" value={counts.rateLimited} />
        <Stat label="Locked out" value={counts.lockedOut} />
        <Stat label="Inactive account attempts" value={counts.inactiveAccountAttempts} />
        <Stat label="Active sessions" value={data.activeSessions} hint="now" />
      </SimpleGrid>
      <Card withBorder padding="sm">
        <Title order={3} fz="md" mb="xs">
          Failed and rate-limited sign-ins
        </Title>
        <FailuresChart overview={data} />
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <TopList
          title="Top failing addresses"
          empty="No failed sign-ins from any address in this range."
          rows={data.topAddresses.map((row) => ({
            key: row.ip,
            name: row.ip,
            count: row.count,
            lastAt: row.lastAt,
          }))}
        />
        <TopList
          title="Top failing accounts"
          empty="No failed sign-ins for any account in this range."
          rows={data.topAccounts.map((row) => ({
            key: row.email,
            name: row.email,
            note: row.companyName ?? 'no matching account',
            count: row.count,
            lastAt: row.lastAt,
          }))}
        />
      </SimpleGrid>
      <MfaAdoption mfa={data.mfa} page={mfaPage} onPage={setMfaPage} />
    </Stack>
  );
}
