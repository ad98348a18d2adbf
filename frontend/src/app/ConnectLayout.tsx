// The styles of the Mantine components the screens below draw that the public pages do not
// (main.tsx has theirs), in the order of Mantine's styles.css. Loaded with this layout, before any
// screen's own styles, which still come after them. mantineStyles.test.ts keeps the list to what
// the app draws: the stylesheets of all of Mantine's components doubled this layout's CSS.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/PinInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import type { Transport } from '@connectrpc/connect';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { transport as appTransport, TransportProvider } from '@/api/connect';
import { recordActivityDefaults, RECORD_ACTIVITY_KEY } from './offline/recordActivity';

const installed = new WeakSet<QueryClient>();

/**
 * Sets how the query client sends a recorded outcome (app/offline/recordActivity), once per client:
 * before any screen records one, and before outcomes kept on the device are restored (a restored
 * mutation takes its function from the defaults when it is rebuilt).
 */
export function installDiaryCalls(client: QueryClient, transport: Transport = appTransport): void {
  if (installed.has(client)) return;
  installed.add(client);
  client.setMutationDefaults(RECORD_ACTIVITY_KEY, recordActivityDefaults(client, transport));
}

/**
 * The layout of every route that calls the server through connect-query (the signed-in screens,
 * the payment result): the Connect client and the protobuf runtime load with it, never with a
 * visitor's public page (issue 17).
 */
export function ConnectLayout() {
  const client = useQueryClient();
  // Before the screens below render: they may record an outcome at once.
  useState(() => {
    installDiaryCalls(client);
  });
  return (
    <TransportProvider transport={appTransport}>
      <Outlet />
    </TransportProvider>
  );
}
