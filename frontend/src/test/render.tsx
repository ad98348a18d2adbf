import type { Transport } from '@connectrpc/connect';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { CallTransport } from '@/api/callTransport';
import { transport as appTransport, TransportProvider } from '@/api/connect';
import { theme } from '@/app/theme';

/** Renders inside the app's providers, with a fresh cache (or the one given) and the given stand-in server. */
export function renderWithProviders(
  ui: ReactElement,
  {
    transport,
    path = '/',
    state,
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: { transport?: Transport; path?: string; state?: unknown; queryClient?: QueryClient } = {},
) {
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <TransportProvider transport={transport ?? appTransport}>
          <CallTransport value={transport}>
            <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>{ui}</MemoryRouter>
          </CallTransport>
        </TransportProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
