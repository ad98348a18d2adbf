/** SPEC.md section 9: pull-to-refresh constants. */
export const PULL = {
  /** The pull starts only when the page is scrolled at most this far. */
  maxStartScroll: 5,
  /** Finger distance is scaled by this factor. */
  factor: 0.6,
  /** The pull distance never exceeds this. */
  max: 120,
  /** Beyond this the indicator says release. */
  release: 60,
  /** The indicator never grows taller than this. */
  indicatorMax: 80,
} as const;

/** The pull distance for a finger that moved `dy` pixels down. */
export function pullDistance(dy: number): number {
  return Math.min(Math.max(dy, 0) * PULL.factor, PULL.max);
}

/** SPEC.md section 4: a swipe left of 100 px deletes; from 50 px the delete hint shows. */
export const SWIPE = { threshold: 100, hint: 50 } as const;
