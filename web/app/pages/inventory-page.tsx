// /inventory (and plain /items): the stock list, the stock balance report, and the Borrowed tab when the company
// allows borrowing; the tab is part of the address (?tab=report, ?tab=borrowed) so a reload or a shared link opens
// the same one. The tabs are the panels of stock, stock-report and borrowing, so the app composes them.
import { Container, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BorrowedPanel } from '../../features/borrowing/borrowed-panel.tsx';
import { StockList } from '../../features/stock/stock-list.tsx';
import { BalanceReportPanel } from '../../features/stock-report/balance-report-panel.tsx';
import { configOf, useSession } from '../../lib/session.ts';

export default function InventoryPage() {
  const [params, setParams] = useSearchParams();
  const { data: session } = useSession();
  const borrowing = configOf(session).allowBorrowing;
  const asked = params.get('tab');
  const tab = asked === 'report' ? 'report' : borrowing && asked === 'borrowed' ? 'borrowed' : 'stock';
  const show = (next: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'borrowed' || next === 'report') updated.set('tab', next);
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );
  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="md">
        Inventory
      </Title>
      <Tabs value={tab} onChange={show} keepMounted={false} mb="md">
        <Tabs.List>
          <Tabs.Tab value="stock">Stock</Tabs.Tab>
          <Tabs.Tab value="report">Balance report</Tabs.Tab>
          {borrowing ? <Tabs.Tab value="borrowed">Borrowed</Tabs.Tab> : null}
        </Tabs.List>
      </Tabs>
      {tab === 'borrowed' ? <BorrowedPanel /> : tab === 'report' ? <BalanceReportPanel /> : <StockList />}
    </Container>
  );
}
