import { Stack, Title } from '@mantine/core';
import { todayIsoDate } from '@/lib/dates';
import { addDays } from './format';
import { MatchCard } from './MatchCard';
import { useCauseListMatches } from './queries';

export const LISTINGS_TEXT = { title: 'On the cause lists' };

/** A case's listings from a week back to two months ahead; nothing when it has none. */
export function CaseListings({ caseRef }: { caseRef: string }) {
  const today = todayIsoDate();
  const matches = useCauseListMatches(addDays(today, -7), addDays(today, 60));
  const mine = (matches.data ?? []).filter((m) => m.caseRef === caseRef);
  if (mine.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="case-listings">
      <Title order={2} size="h4">
        {LISTINGS_TEXT.title}
      </Title>
      {mine.map((m) => (
        <MatchCard key={m.id} match={m} showCase={false} />
      ))}
    </Stack>
  );
}
