import { format, formatDistanceStrict } from 'date-fns';
import type { LastSale } from '@/api/commerce';
import { LONG_DATE_FORMAT } from '@/lib/dateFormats';

/** "Last sold 4 days ago · 4 sold in the last 30 days · Back by 12 December 2026". */
export function lastSaleText(lastSale: LastSale, now: Date = new Date()): string {
  const parts: string[] = [];
  if (lastSale.last_sale_datetime) {
    const at = new Date(lastSale.last_sale_datetime);
    parts.push(`Last sold ${formatDistanceStrict(at, now, { addSuffix: true })}`);
  } else {
    parts.push('Not sold in the last 30 days');
  }
  if (lastSale.units_sold_last_30_days > 0) {
    parts.push(`${lastSale.units_sold_last_30_days} sold in the last 30 days`);
  }
  if (lastSale.expected_restock_date) {
    const restock = new Date(`${lastSale.expected_restock_date}T00:00:00`);
    if (restock.getTime() >= now.getTime() - 86_400_000)
      parts.push(`Back by ${format(restock, LONG_DATE_FORMAT)}`);
  }
  return parts.join(' · ');
}
