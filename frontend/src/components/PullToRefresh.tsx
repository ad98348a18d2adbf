import { Box, Center, Group, Loader, Text } from '@mantine/core';
import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { PULL, pullDistance } from './pullToRefresh';

const TEXT = { pull: 'Pull to refresh', release: 'Release to refresh', refreshing: 'Refreshing...' };

/**
 * A list that refreshes when pulled down from the top of the page (phones). The refresh runs
 * on release beyond PULL.release; the indicator shows while it runs.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  // The pull's start and distance so far. The release decides on this, not on the rendered
  // distance: a slow phone may lift the finger before React drew the last move.
  const pull = useRef<{ startY: number; distance: number } | null>(null);
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const [dragging, setDragging] = useState(false);

  const onTouchStart = (e: TouchEvent) => {
    const touch = e.touches[0];
    pull.current = !refreshing && touch && window.scrollY <= PULL.maxStartScroll ? { startY: touch.clientY, distance: 0 } : null;
    setDragging(pull.current !== null);
  };
  const onTouchMove = (e: TouchEvent) => {
    const touch = e.touches[0];
    if (pull.current === null || !touch) return;
    pull.current.distance = pullDistance(touch.clientY - pull.current.startY);
    setDistance(pull.current.distance);
  };
  const onTouchEnd = () => {
    const released = pull.current !== null && pull.current.distance > PULL.release;
    pull.current = null;
    setDragging(false);
    setDistance(0);
    if (!released) return;
    setRefreshing(true);
    void onRefresh().finally(() => {
      setRefreshing(false);
    });
  };

  const height = refreshing ? 48 : Math.min(distance, PULL.indicatorMax);
  const label = refreshing ? TEXT.refreshing : distance > PULL.release ? TEXT.release : TEXT.pull;
  return (
    <Box onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <Center
        h={height}
        style={{ overflow: 'hidden', transition: dragging ? undefined : 'height 150ms ease' }}
        aria-live="polite"
        data-testid="pull-indicator"
        data-state={refreshing ? 'refreshing' : distance > PULL.release ? 'release' : distance > 0 ? 'pull' : 'idle'}
      >
        {height > 0 && (
          <Group gap="xs">
            {refreshing && <Loader size="xs" aria-hidden />}
            <Text size="sm" c="dimmed">
              {label}
            </Text>
          </Group>
        )}
      </Center>
      {children}
    </Box>
  );
}
