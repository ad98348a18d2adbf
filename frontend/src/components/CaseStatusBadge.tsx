import { Badge, type BadgeProps } from '@mantine/core';

/**
 * SPEC.md section 3 colours. Each pair keeps text readable (WCAG AA) on the badge:
 * light backgrounds get dark text, dark ones white.
 */
const BLUE = { bg: '#1864ab', fg: '#fff' };
const STATUS_COLOURS: Record<string, { bg: string; fg: string }> = {
  'registration/filing': BLUE,
  filing: BLUE,
  registration: BLUE,
  mention: { bg: '#fcc419', fg: '#212529' },
  hearing: { bg: '#f59f00', fg: '#212529' },
  judgment: { bg: '#2b7a3b', fg: '#fff' },
  completed: { bg: '#2b7a3b', fg: '#fff' },
  pending: { bg: '#fd7e14', fg: '#212529' },
  filed: { bg: '#1e3a8a', fg: '#fff' },
  dismissed: { bg: '#c92a2a', fg: '#fff' },
};
const UNKNOWN = { bg: '#fd7e14', fg: '#212529' };

/** The colours a case status is shown in; unknown statuses are orange. */
export function statusColours(status: string): { bg: string; fg: string } {
  return STATUS_COLOURS[status.trim().toLowerCase()] ?? UNKNOWN;
}

/**
 * A case's status as a coloured badge, always whole: a badge hides what overflows it, so beside a
 * long case number or in a crowded table row it was squeezed to "H.." or "MEN...". A status is a
 * word or two and keeps its width.
 */
export function CaseStatusBadge({ status, ...props }: { status: string } & Omit<BadgeProps, 'color' | 'c'>) {
  const { bg, fg } = statusColours(status);
  return (
    <Badge color={bg} c={fg} variant="filled" radius="sm" miw="max-content" {...props}>
      {status || 'Unknown'}
    </Badge>
  );
}
