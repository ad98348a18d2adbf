import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PullToRefresh } from './PullToRefresh';
import { SwipeToDelete } from './SwipeToDelete';

/** Dispatches one touch event as the browser does, with the finger at (x, y). */
function touch(el: Element, type: string, x: number, y: number) {
  const point = { identifier: 1, target: el, clientX: x, clientY: y };
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.assign(event, { touches: type === 'touchend' ? [] : [point], changedTouches: [point] });
  el.dispatchEvent(event);
}

/**
 * A whole gesture in one act: React draws nothing between the last move and the release, as on
 * a slow phone whose finger lifts before the last move was drawn.
 */
function gesture(el: Element, moves: [number, number][]) {
  act(() => {
    moves.forEach(([x, y], i) => {
      touch(el, i === 0 ? 'touchstart' : i === moves.length - 1 ? 'touchend' : 'touchmove', x, y);
    });
  });
}

/** Draws a list under pull to refresh, and answers the list. */
function pullList(onRefresh: () => Promise<unknown>): Element {
  render(
    <MantineProvider>
      <PullToRefresh onRefresh={onRefresh}>
        <p>the list</p>
      </PullToRefresh>
    </MantineProvider>,
  );
  return screen.getByText('the list');
}

/** Draws a case card under swipe to delete, and answers the card. */
function swipeCard(onDelete: () => void): Element {
  render(
    <MantineProvider>
      <SwipeToDelete onDelete={onDelete}>
        <p>a case</p>
      </SwipeToDelete>
    </MantineProvider>,
  );
  return screen.getByText('a case');
}

describe('pull to refresh', () => {
  it('refreshes on a release beyond the release distance, drawn or not', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const list = pullList(onRefresh);
    gesture(list, [[20, 20], [20, 170], [20, 170]]);
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a short pull, nor on a push up', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const list = pullList(onRefresh);
    gesture(list, [[20, 20], [20, 100], [20, 100]]); // 80 px x 0.6 = 48, under 60
    gesture(list, [[20, 300], [20, 20], [20, 20]]);
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('says release while the finger is beyond the release distance', () => {
    const list = pullList(() => Promise.resolve());
    act(() => {
      touch(list, 'touchstart', 20, 20);
      touch(list, 'touchmove', 20, 170);
    });
    expect(screen.getByTestId('pull-indicator').dataset.state).toBe('release');
    expect(screen.getByText('Release to refresh')).toBeDefined();
  });
});

describe('swipe to delete', () => {
  it('asks on a swipe left past the threshold, drawn or not', () => {
    const onDelete = vi.fn();
    gesture(swipeCard(onDelete), [[300, 50], [240, 50], [180, 50], [180, 50]]);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('does not ask on a short swipe, a swipe right or a scroll', () => {
    const onDelete = vi.fn();
    const card = swipeCard(onDelete);
    gesture(card, [[300, 50], [220, 50], [220, 50]]); // 80 px, under 100
    gesture(card, [[100, 50], [300, 50], [300, 50]]);
    gesture(card, [[300, 50], [180, 300], [180, 300]]); // mostly down: a scroll
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('shows the delete hint from half the threshold', () => {
    const card = swipeCard(() => undefined);
    act(() => {
      touch(card, 'touchstart', 300, 50);
      touch(card, 'touchmove', 240, 50);
    });
    expect(screen.getByTestId('swipe-hint').dataset.visible).toBe('true');
  });
});
