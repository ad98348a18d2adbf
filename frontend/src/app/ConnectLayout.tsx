// The rest of Mantine's styles, for the screens below (main.tsx has what the public pages draw),
// in the order of Mantine's styles.css. Loaded with this layout, before any screen's own styles,
// which still come after them.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Affix.css';
import '@mantine/core/styles/ActionBar.css';
import '@mantine/core/styles/AngleSlider.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/AspectRatio.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/BackgroundImage.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Blockquote.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Cascader.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/DataList.css';
import '@mantine/core/styles/Dialog.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/FloatingWindow.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Mark.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/Marquee.css';
import '@mantine/core/styles/Menubar.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/OverflowList.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/PinInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Rating.css';
import '@mantine/core/styles/RollingNumber.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/RingProgress.css';
import '@mantine/core/styles/Scroller.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SemiCircleProgress.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Splitter.css';
import '@mantine/core/styles/Spoiler.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/TableOfContents.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/Toggle.css';
import '@mantine/core/styles/Toolbar.css';
import '@mantine/core/styles/Tour.css';
import '@mantine/core/styles/Tree.css';
import '@mantine/core/styles/TreeSelect.css';
import '@mantine/core/styles/Typography.css';
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
