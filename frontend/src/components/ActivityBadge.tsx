import { Badge } from '@mantine/core';

/**
 * A sitting's activity as a badge. The activity is the court's own words and can be long ("Hearing
 * of the Notice of Motion dated 14th October 2025"): the badge wraps it onto more lines, whole
 * words, and takes at most 60% of its row, so the time or case number beside it keeps its room.
 * A one-line badge ran out of the card or squeezed the case number to a letter a line.
 */
export function ActivityBadge({ activity }: { activity: string }) {
  return (
    <Badge
      variant="filled"
      color="blue.9"
      radius="sm"
      h="auto"
      maw="60%"
      miw="min-content"
      styles={{ label: { whiteSpace: 'normal', overflowWrap: 'break-word', overflow: 'visible', lineHeight: 1.35, paddingBlock: 2 } }}
    >
      {activity}
    </Badge>
  );
}
