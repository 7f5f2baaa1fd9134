// How a chart writes its numbers, in the drawing and in its table alike. English digits and separators, as the
// app writes money and quantities elsewhere (a fixed format, so a report reads the same in every browser).

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "1,234.5": at most two decimals, trailing zeros dropped. */
export function formatChartNumber(value: number): string {
  return numberFormat.format(value);
}

/** "62.5%" from 62.5: a share already in percent, to one decimal. */
export function formatPercent(percent: number): string {
  return `${percentFormat.format(percent)}%`;
}
