import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatDate } from '@/lib/dates';
import type { CaseSnapshot, Conflict, Keep } from './conflict';

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

/** The question itself, loaded with Mantine's Modal only when a conflict comes. */
export function ConflictModal({ conflict, choose }: { conflict: Conflict; choose: (keep: Keep) => void }) {
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
