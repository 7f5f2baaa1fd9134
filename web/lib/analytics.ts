// First-party analytics, sent only after the visitor accepted cookies (SPEC.md sections 4 and 7).
import type { TAnalyticsEventName } from '#common/schemas/analytics.ts';
import { hasAnalyticsConsent } from './consent.ts';

const URL = '/api/v1/analytics/events';

/** Records one event on `path` (the current page by default); without consent it does nothing at all. */
export function track(
  name: TAnalyticsEventName,
  props: Record<string, string | number | boolean> = {},
  path: string = window.location.pathname,
): void {
  if (!hasAnalyticsConsent()) return;
  const body = JSON.stringify({ name, path, props });
  // A beacon survives the page being left; fetch with keepalive is the fallback.
  if (navigator.sendBeacon?.(URL, new Blob([body], { type: 'application/json' }))) return;
  void fetch(URL, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
  }).catch(() => undefined);
}
