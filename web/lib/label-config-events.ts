// SPEC.md's labelConfigUpdated browser event: new flag values merge into the session live, in every open tab.
import type { QueryClient } from '@tanstack/react-query';
import type { TLabelConfig } from '#common/label-config.ts';
import type { TSession } from '#common/schemas/session.ts';
import { queryKeys } from './query-keys.ts';

/** The event's name, as SPEC.md gives it. */
export const LABEL_CONFIG_EVENT = 'labelConfigUpdated';
const CHANNEL = 'forgeboard-label-config';

/** Tells this tab and every other open tab of the app that the configuration changed. */
export function announceLabelConfig(config: Partial<TLabelConfig>): void {
  window.dispatchEvent(new CustomEvent(LABEL_CONFIG_EVENT, { detail: config }));
  if ('BroadcastChannel' in window) {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(config);
    channel.close();
  }
}

/** Merges announced values into the cached session; returns the function that stops listening. */
export function listenForLabelConfig(queryClient: QueryClient): () => void {
  const merge = (patch: Partial<TLabelConfig>) => {
    queryClient.setQueryData<TSession>(queryKeys.session, (old) =>
      old?.labelConfig ? { ...old, labelConfig: { ...old.labelConfig, ...patch } } : old,
    );
  };
  const onEvent = (event: Event) => merge((event as CustomEvent<Partial<TLabelConfig>>).detail);
  window.addEventListener(LABEL_CONFIG_EVENT, onEvent);
  const channel = 'BroadcastChannel' in window ? new BroadcastChannel(CHANNEL) : null;
  // Another tab's change arrives here and is re-dispatched so that local listeners see one kind of event.
  if (channel)
    channel.onmessage = (message: MessageEvent<Partial<TLabelConfig>>) =>
      window.dispatchEvent(new CustomEvent(LABEL_CONFIG_EVENT, { detail: message.data }));
  return () => {
    window.removeEventListener(LABEL_CONFIG_EVENT, onEvent);
    channel?.close();
  };
}
