import { Box, Text } from '@mantine/core';
import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { SWIPE } from './pullToRefresh';

/**
 * A card that asks to be deleted when swiped left past SWIPE.threshold; from SWIPE.hint the
 * red delete hint shows behind it. The card snaps back either way: `onDelete` asks, it does
 * not delete.
 */
export function SwipeToDelete({ onDelete, children, label = 'Delete' }: { onDelete: () => void; children: ReactNode; label?: string }) {
  // The swipe's start and travel so far. The end decides on this, not on the rendered travel:
  // a slow phone may lift the finger before React drew the last move.
  const swipe = useRef<{ x: number; y: number; dx: number } | null>(null);
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    swipe.current = t ? { x: t.clientX, y: t.clientY, dx: 0 } : null;
    setDragging(swipe.current !== null);
  };
  const onTouchMove = (e: TouchEvent) => {
    const t = e.touches[0];
    const s = swipe.current;
    if (!s || !t) return;
    const moveX = t.clientX - s.x;
    // A mostly vertical gesture is a scroll, not a swipe.
    if (Math.abs(t.clientY - s.y) > Math.abs(moveX) && s.dx === 0) return;
    s.dx = Math.min(0, moveX);
    setDx(s.dx);
  };
  const onTouchEnd = () => {
    const swiped = swipe.current !== null && -swipe.current.dx >= SWIPE.threshold;
    swipe.current = null;
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
