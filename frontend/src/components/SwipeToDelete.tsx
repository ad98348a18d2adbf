import { Box, Text } from '@mantine/core';
import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { SWIPE } from './pullToRefresh';

/**
 * A card that asks to be deleted when swiped left past SWIPE.threshold; from SWIPE.hint the
 * red delete hint shows behind it. The card snaps back either way: `onDelete` asks, it does
 * not delete.
 */
export function SwipeToDelete({ onDelete, children, label = 'Delete' }: { onDelete: () => void; children: ReactNode; label?: string }) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    start.current = t ? { x: t.clientX, y: t.clientY } : null;
    setDragging(start.current !== null);
  };
  const onTouchMove = (e: TouchEvent) => {
    const t = e.touches[0];
    if (!start.current || !t) return;
    const moveX = t.clientX - start.current.x;
    // A mostly vertical gesture is a scroll, not a swipe.
    if (Math.abs(t.clientY - start.current.y) > Math.abs(moveX) && dx === 0) return;
    setDx(Math.min(0, moveX));
  };
  const onTouchEnd = () => {
    const swiped = -dx >= SWIPE.threshold;
    start.current = null;
    setDragging(false);
    setDx(0);
    if (swiped) onDelete();
  };

  const hint = -dx >= SWIPE.hint;
  return (
    <Box pos="relative" style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}>
      <Box
        pos="absolute"
        inset={0}
        bg="red.8"
        aria-hidden
        data-testid="swipe-hint"
        data-visible={hint}
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', paddingRight: 16, opacity: hint ? 1 : 0 }}
      >
        <Text c="white" fw={700} size="sm">
          {label}
        </Text>
      </Box>
      <Box
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
        style={{
          transform: `translateX(${dx}px)`,
          transition: dragging ? undefined : 'transform 150ms ease',
          position: 'relative',
          touchAction: 'pan-y',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
