// The clock calls the scan screen and the kiosk make (decision 083) on the time API of decision 080. Kept here, small,
// rather than reaching into the /time screen's feature: the scan card only clocks in, switches and clocks out.
import type { TClockIn, TRunningClock } from '#common/schemas/time.ts';
import { api } from '../../lib/api-client.ts';

export { getRunningClock, runningClockKey } from '../../lib/running-clock.ts';

export const clockIn = (body: TClockIn) =>
  api<TRunningClock>('/api/v1/time/clock-in', { method: 'POST', body });

export const switchClock = (body: TClockIn) =>
  api<TRunningClock>('/api/v1/time/switch', { method: 'POST', body });

export const clockOut = () => api<TRunningClock>('/api/v1/time/clock-out', { method: 'POST' });
