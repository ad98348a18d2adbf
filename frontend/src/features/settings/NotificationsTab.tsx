import { Alert, Button, Card, Group, Skeleton, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNotificationPreferences, useUpdateNotificationPreferences, type Preferences } from './queries';

export const NOTIFICATION_TEXT = {
  marketing: 'Marketing Emails',
  marketingHint: 'News about Kesi features and offers.',
  whatsapp: 'WhatsApp Notifications',
  whatsappHint: 'Hearing reminders on WhatsApp.',
  save: 'Save Preferences',
  saved: 'Notification settings updated successfully',
  failed: 'Failed to update notification settings. Please try again.',
  loadFailed: 'Failed to load notification settings.',
  retry: 'Try Again',
};

export function NotificationsTab() {
  const prefs = useNotificationPreferences();
  if (prefs.isPending) return <Skeleton height={160} />;
  if (prefs.isError) {
    return (
      <Alert color="red" title={NOTIFICATION_TEXT.loadFailed}>
        <Button size="xs" variant="light" color="red" onClick={() => void prefs.refetch()}>
          {NOTIFICATION_TEXT.retry}
        </Button>
      </Alert>
    );
  }
  return <PreferencesForm initial={prefs.data} />;
}

function PreferencesForm({ initial }: { initial: Preferences }) {
  const [values, setValues] = useState(initial);
  const update = useUpdateNotificationPreferences();
  return (
    <Card withBorder>
      <Stack>
        <Switch
          label={NOTIFICATION_TEXT.marketing}
          description={NOTIFICATION_TEXT.marketingHint}
          checked={values.marketingEmails}
          onChange={(e) => {
            setValues({ ...values, marketingEmails: e.currentTarget.checked });
          }}
        />
        <Switch
          label={NOTIFICATION_TEXT.whatsapp}
          description={NOTIFICATION_TEXT.whatsappHint}
          checked={values.whatsappNotifications}
          onChange={(e) => {
            setValues({ ...values, whatsappNotifications: e.currentTarget.checked });
          }}
        />
        <Group justify="flex-end">
          <Button
            loading={update.isPending}
            onClick={() => {
              update.mutate(values, {
                onSuccess: () => notifications.show({ color: 'green', message: NOTIFICATION_TEXT.saved }),
                onError: () => notifications.show({ color: 'red', message: NOTIFICATION_TEXT.failed }),
              });
            }}
          >
            {NOTIFICATION_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
