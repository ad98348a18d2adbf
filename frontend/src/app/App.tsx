import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './queryClient';
import { router } from './router';
import { listenForSessionExpiry } from './sessionEvents';
import { theme } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => listenForSessionExpiry(router, queryClient), [queryClient]);
  return (
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
