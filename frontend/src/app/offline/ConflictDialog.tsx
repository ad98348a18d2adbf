import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDate } from '@/lib/dates';
import { onConflict, type CaseSnapshot, type Conflict, type Keep } from './conflict';

export const CONFLICT_TEXT = {
  title: 'This case changed while you were offline',
  body: (caseId: string) => `${caseId} was updated on the server after you recorded your outcome on this phone.`,
  yours: 'Your outcome',
  theirs: 'Now on the server',
  keepMine: 'Send my outcome',
  keepTheirs: 'Keep the server’s',
};

function describe(s: CaseSnapshot): string {
  const when = [s.activityDate ? formatDate(s.activityDate) : '', s.time].filter(Boolean).join(' ');
  return [s.activity || s.status, when].filter(Boolean).join(' on ') || '—';
}

/**
 * Asks the advocate which version to keep when an outcome recorded offline meets a case that
 * changed on the server meanwhile. Their typed outcome stays on screen either way.
 */
export function ConflictDialog() {
  const [pending, setPending] = useState<{ conflict: Conflict; answer: (keep: Keep) => void } | null>(null);
  useEffect(
    () =>
      onConflict(
        (conflict) =>
          new Promise<Keep>((resolve) => {
            setPending({ conflict, answer: resolve });
          }),
      ),
    [],
  );
  if (!pending) return null;
  const { conflict, answer } = pending;
  const choose = (keep: Keep) => {
    setPending(null);
    answer(keep);
  };
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title={CONFLICT_TEXT.title} centered>
      <Stack gap="sm">
        <Text size="sm">{CONFLICT_TEXT.body(conflict.now.caseId)}</Text>
        <div>
          <Text size="sm" fw={600}>
            {CONFLICT_TEXT.yours}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {[conflict.outcome, conflict.nextDate ? `Next date ${formatDate(conflict.nextDate)}` : ''].filter(Boolean).join('\n')}
          </Text>
        </div>
        <div>
          <Text size="sm" fw={600}>
            {CONFLICT_TEXT.theirs}
          </Text>
          <Text size="sm">{describe(conflict.now)}</Text>
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => { choose('theirs'); }}>
            {CONFLICT_TEXT.keepTheirs}
          </Button>
          <Button onClick={() => { choose('mine'); }}>{CONFLICT_TEXT.keepMine}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
