import { lazy, Suspense, useState } from 'react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The form and its date picker (@mantine/dates) load on the first tap, not with the dashboard. */
const NewCaseDialog = lazy(() => import('@/components/cases/NewCaseDialog').then((m) => ({ default: m.NewCaseDialog })));

export const FIRST_CASE_TEXT = {
  title: 'Your diary is empty',
  body: 'Add the matters you appear in and Kesi keeps their dates, outcomes and documents for you.',
  add: 'Add your first case',
  import: 'Import from the e-filing portal',
  importBody: 'On a computer, the Kesi browser extension copies your cases and their dates from the Judiciary e-filing portal.',
  install: 'Install the browser extension',
};

/** The next step for a new advocate: type a case in, or (at a desk) import them from the portal. */
export function FirstCase() {
  const [adding, setAdding] = useState(false);
  // Kept once opened, so that closing it plays the modal's transition as before.
  const [opened, setOpened] = useState(false);
  if (adding && !opened) setOpened(true);
  return (
    <Card withBorder padding="lg" data-testid="first-case">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {FIRST_CASE_TEXT.title}
        </Title>
        <Text size="sm">{FIRST_CASE_TEXT.body}</Text>
        <Group>
          <Button
            onClick={() => {
              setAdding(true);
            }}
          >
            {FIRST_CASE_TEXT.add}
          </Button>
        </Group>
        {/* Browser extensions install on desktop browsers only. */}
        <Stack gap={4} visibleFrom="sm">
          <Text size="sm" fw={600}>
            {FIRST_CASE_TEXT.import}
          </Text>
          <Text size="sm">{FIRST_CASE_TEXT.importBody}</Text>
          <Anchor component={Link} to="/connect-extension" size="sm">
            {FIRST_CASE_TEXT.install}
          </Anchor>
        </Stack>
      </Stack>
      {opened && (
        <Suspense fallback={null}>
          <NewCaseDialog
            opened={adding}
            onClose={() => {
              setAdding(false);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
