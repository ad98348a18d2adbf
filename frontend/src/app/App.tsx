import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './queryClient';
import { router } from './router';
import { createSessionStore, SessionProvider } from './session/SessionProvider';
import { listenForSessionExpiry } from './sessionEvents';
import { cssVariablesResolver, theme } from './theme';
import { UpdatePrompt } from './UpdatePrompt';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [session] = useState(createSessionStore);
  useEffect(() => listenForSessionExpiry(router, queryClient, session), [queryClient, session]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <UpdatePrompt />
      <QueryClientProvider client={queryClient}>
        <SessionProvider store={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
