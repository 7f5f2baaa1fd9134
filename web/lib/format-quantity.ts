// Quantities as people entered them: the exact decimal strings of the API ("12.5", "0.000125"), never rounded nor
// padded to a fixed number of decimals, only without trailing zeros ("5.000" → "5"), with the unit when given.

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** "12.500" → "12.5", "-0" → "0"; text that is no decimal is shown as it is. */
function canonical(text: string): string {
  const value = text.trim();
  if (!PLAIN_DECIMAL.test(value)) return text;
  const negative = value.startsWith('-');
  const [integer = '0', fraction = ''] = value.replace('-', '').split('.');
  const whole = integer.replace(/^0+(?=\d)/, '');
  const digits = fraction.replace(/0+$/, '');
  const plain = digits ? `${whole}.${digits}` : whole;
  return negative && /[1-9]/.test(plain) ? `-${plain}` : plain;
}

/** "12.5" → "12.5", with a unit "12.5 ea". */
export function formatQuantity(text: string, unit?: string): string {
  const quantity = canonical(text);
  return unit ? `${quantity} ${unit}` : quantity;
}

/** A change of stock: "+5", "-2.5", "0" (a count that matched), with the unit when given. */
export function formatSignedQuantity(text: string, unit?: string): string {
  const quantity = canonical(text);
  const signed =
    quantity.startsWith('-') || quantity === '0' || !PLAIN_DECIMAL.test(quantity) ? quantity : `+${quantity}`;
  return unit ? `${signed} ${unit}` : signed;
}
