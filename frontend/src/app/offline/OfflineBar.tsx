import { Group, Paper, Text } from '@mantine/core';
import { IconCloudOff, IconClockUp } from '@tabler/icons-react';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { DIARY_SERVICES, isKeyOf } from '@/api/keys';
import { RECORD_ACTIVITY_KEY } from './recordActivity';
import { useOnline } from './useOnline';

export const OFFLINE_TEXT = {
  offline: (asOf: string) => (asOf ? `Offline - diary as of ${asOf}` : 'Offline'),
  waiting: (n: number) => (n === 1 ? '1 outcome waiting to send' : `${n} outcomes waiting to send`),
};

/** "07:42" for the newest of the times, "" when there is none; "23 Nov 07:42" when not today. */
export function asOfLabel(times: readonly number[], now: Date = new Date()): string {
  const newest = Math.max(0, ...times);
  if (!newest) return '';
  const at = new Date(newest);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}

/**
 * When the diary on the device was last answered by the server. It looks through the whole cache
 * on every change of it, so only the offline line asks: online, the prefetch's thousand changes
 * would make it a thousand searches of a 500-case cache (issue 17).
 */
function useDiaryAsOf(): string {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const newest = useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => Math.max(0, ...cache.findAll({ predicate: (q) => isKeyOf(q.queryKey, DIARY_SERVICES) }).map((q) => q.state.dataUpdatedAt)),
  );
  return asOfLabel([newest]);
}

/**
 * The signed-in app's status line: offline, and since when the diary on screen dates; and the
 * outcomes recorded on this phone that the server does not have yet.
 */
export function OfflineBar() {
  const online = useOnline();
  const waiting = useIsMutating({ mutationKey: [...RECORD_ACTIVITY_KEY] });
  if (online && waiting === 0) return null;
  return (
    <Paper role="status" aria-live="polite" radius={0} px="md" py={6} mb="sm" bg={online ? 'blue.0' : 'yellow.1'} data-testid="offline-bar">
      <Group gap="md" wrap="wrap">
        {!online && <OfflineSince />}
        {waiting > 0 && (
          <Group gap={6} wrap="nowrap">
            <IconClockUp size={16} aria-hidden />
            <Text size="sm">{OFFLINE_TEXT.waiting(waiting)}</Text>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

function OfflineSince() {
  const asOf = useDiaryAsOf();
  return (
    <Group gap={6} wrap="nowrap">
      <IconCloudOff size={16} aria-hidden />
      <Text size="sm" fw={600}>
        {OFFLINE_TEXT.offline(asOf)}
      </Text>
    </Group>
  );
}
