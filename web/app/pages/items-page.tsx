// /items: the item page (?id=<itemId>), the lot page (?lot=<lotId>), or the stock list when neither is given
// (decision 023). Scans and labels link here.
import { useSearchParams } from 'react-router';
import { LotPage } from '../../features/stock/lot-page.tsx';
import InventoryPage from './inventory-page.tsx';
import { ItemPage } from './item-page.tsx';

export default function ItemsPage() {
  const [params] = useSearchParams();
  const itemId = params.get('id');
  const lotId = params.get('lot');
  if (lotId) return <LotPage key={lotId} lotId={lotId} />;
  if (itemId) return <ItemPage key={itemId} itemId={itemId} />;
  return <InventoryPage />;
}
