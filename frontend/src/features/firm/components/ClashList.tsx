import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Clash } from '@gen/kesi/v1/firm_pb';

export const CLASH_TEXT = {
  title: (n: number) => (n === 1 ? 'A clash in the diary' : `${n} clashes in the diary`),
  at: (time: string, court: string) => `${time || 'Time not set'} · ${court || 'Court not given'}`,
};

/** The clashes as a warning: each one's sentence, then its sittings, when and where. */
export function ClashList({ clashes, title }: { clashes: Clash[]; title?: string }) {
  if (clashes.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={title ?? CLASH_TEXT.title(clashes.length)}
      styles={{ title: { color: 'var(--mantine-color-black)' } }}
      data-testid="clash-warning"
    >
      <Stack gap="xs">
        {clashes.map((c, i) => (
          <div key={`${c.userId}-${String(i)}`}>
            <Text size="sm" c="dark">
              {c.message}
            </Text>
            <List size="sm" c="dark">
              {c.sittings.map((s, j) => (
                <List.Item key={s.activityId || `private-${String(j)}`}>
                  {CLASH_TEXT.at(s.time, s.lawCourt)} — {s.caseId ? `${s.caseId} (${s.activity})` : `${s.parties} (${s.activity})`}
                </List.Item>
              ))}
            </List>
          </div>
        ))}
      </Stack>
    </Alert>
  );
}
