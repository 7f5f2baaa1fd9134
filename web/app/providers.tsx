// App-wide providers: Mantine (theme, toasts) and TanStack Query with SPEC.md's cache times.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { listenForLabelConfig } from '../lib/label-config-events.ts';
import { NAV_TOP_ROW_BOTTOM } from './shell/bar-metrics.ts';
import { theme } from './theme.ts';
import { readableColors } from './theme-contrast.ts';

/** SPEC.md section 9: data stays fresh 5 minutes and is collected after 10. */
export const QUERY_STALE_MS = 5 * 60 * 1000;
export const QUERY_GC_MS = 10 * 60 * 1000;

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, gcTime: QUERY_GC_MS, retry: 1, refetchOnWindowFocus: true },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  useEffect(() => listenForLabelConfig(queryClient), [queryClient]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableColors} defaultColorScheme="light">
      {/* Below the bar's top row: at the page's top corner a toast covered the user menu and Help, and a pointer
          resting on it (reaching for the menu) pauses its closing, so it stayed there until closed by hand. */}
      <Notifications
        position="top-right"
        limit={4}
        // Every position's container gets the style, so a variable that only top-right's rule reads (global.css).
        style={{ '--fb-toasts-top': `${NAV_TOP_ROW_BOTTOM}px` } as CSSProperties}
      />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
