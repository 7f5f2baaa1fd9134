// Reserved, on hold and available beside on hand (decision 048): what released work orders hold back of each item
// (open reservations, quantity less what is awaited from sub-assembly work orders and less consumed, never below 0 per
// reservation: decision 064), what lies in lots on hold (decision 070: it cannot be issued, moved, consumed or lent
// until released — decision 075), and the item's on hand less both. Asked for a page's items after the page
// is found, so the stock list's tuned statements (decision 026) stay as they are: one probe per item of the partial
// index work_order_reservations_open_item_idx, and a primary-key read of the item's own total.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';

/** Chunks keep the bind parameters well under PostgreSQL's limit on a 50,000-row export. */
const CHUNK = 1000;

/** What of an item is not free to use: reserved, and in held lots; with its total on hand. */
export interface TItemHeldBack {
  reserved: string;
  /** The balances of its lots on hold, summed. */
  onHold: string;
  onHand: string;
}

/**
 * Reserved, on hold and the item's total on hand by item id, for `itemIds` (items with nothing reserved or held:
 * "0"). The held sum starts from the item's lots (the lots_item_number_key prefix) and reads only held lots' balances.
 */
export async function reservedByItem(
  tx: TDb,
  companyId: string,
  itemIds: readonly string[],
): Promise<Map<string, TItemHeldBack>> {
  const found = new Map<string, TItemHeldBack>();
  for (let start = 0; start < itemIds.length; start += CHUNK) {
    const ids = itemIds.slice(start, start + CHUNK);
    const rows = await queryRows<{ id: string; on_hand: string; reserved: string; on_hold: string }>(
      tx,
      sql`select i.id, i.on_hand::text as on_hand,
                 coalesce((select sum(greatest(r.quantity - r.awaiting - r.consumed, 0)) from work_order_reservations r
                            where r.company_id = i.company_id and r.item_id = i.id and r.released_at is null), 0)::text
                   as reserved,
                 coalesce((select sum(b.quantity) from lots l
                             join stock_balances b on b.company_id = l.company_id and b.lot_id = l.id
                            where l.company_id = i.company_id and l.item_id = i.id and l.on_hold), 0)::text
                   as on_hold
            from items i
           where i.company_id = ${companyId} and i.id in (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})`,
    );
    for (const row of rows) {
      found.set(row.id, { reserved: row.reserved, onHold: row.on_hold, onHand: row.on_hand });
    }
  }
  return found;
}
