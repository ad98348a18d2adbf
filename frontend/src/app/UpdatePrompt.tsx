import { Button, Group, Paper, Text } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** How often an open app asks whether a new version was deployed (a long day at court). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and, when a new build has been installed beside the running one,
 * asks the person to reload instead of swapping code under a half-typed form.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // After the page's load event: installing the worker downloads the whole app, which must not
    // compete with the page's own first load on a phone's slow signal (issue 17).
    immediate: false,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, CHECK_EVERY_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <Paper
      role="status"
      shadow="md"
      withBorder
      p="sm"
      pos="fixed"
      style={{ bottom: 16, left: 16, right: 16, maxWidth: 420, marginInline: 'auto', zIndex: 500 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">A new version is ready</Text>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="subtle" onClick={() => { setNeedRefresh(false); }}>
            Later
          </Button>
          <Button size="xs" onClick={() => void updateServiceWorker(true)}>
            Reload
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
