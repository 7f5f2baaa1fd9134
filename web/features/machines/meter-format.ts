// A runtime meter reading as people read it: "120.5 h", the exact decimal without trailing zeros, never a float.
import { formatQuantity } from '../../lib/format-quantity.ts';

export const formatHours = (reading: string) => formatQuantity(reading, 'h');
