import { Alert, Button, Card, Group, Skeleton, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSessionUser } from '@/app/session/SessionProvider';
import { useNotificationPreferences, useUpdateNotificationPreferences, type Preferences } from './queries';
import { hasReminders, remindersOnSave, useReminderSettings, useUpdateReminderSettings, whatsAppWaitsForSave } from './reminderQueries';

export const NOTIFICATION_TEXT = {
  marketing: 'Marketing Emails',
  marketingHint: 'News about Kesi features and offers.',
  whatsapp: 'WhatsApp Notifications',
  whatsappHint: 'Hearing reminders on WhatsApp.',
  whatsappWaits: 'Hearing reminders on WhatsApp, once you save with this on.',
  save: 'Save Preferences',
  saved: 'Notification settings updated successfully',
  failed: 'Failed to update notification settings. Please try again.',
  loadFailed: 'Failed to load notification settings.',
  retry: 'Try Again',
};

export function NotificationsTab() {
  const user = useSessionUser();
  // For lawyers and moderators the WhatsApp switch is the reminders' WhatsApp
  // channel (issue 18); the demo account keeps the stored preference only.
  const withReminders = hasReminders(user?.role ?? '');
  const prefs = useNotificationPreferences();
  const reminders = useReminderSettings(withReminders);
  if (prefs.isPending || (withReminders && reminders.isPending)) return <Skeleton height={160} />;
  // Without a subscription the reminders answer an error: the switch then
  // shows the stored preference, as for the demo account.
  if (prefs.isError) {
    return (
      <Alert color="red" title={NOTIFICATION_TEXT.loadFailed}>
        <Button size="xs" variant="light" color="red" onClick={() => void prefs.refetch()}>
          {NOTIFICATION_TEXT.retry}
        </Button>
      </Alert>
    );
  }
  const initial = reminders.data ? { ...prefs.data, whatsappNotifications: reminders.data.whatsapp } : prefs.data;
  // Keyed by the answer: a reload paints the answer kept on the device, then the server's; the
  // form shows the newer one, or a Save would write the old one back.
  return <PreferencesForm key={JSON.stringify(initial)} initial={initial} />;
}

function PreferencesForm({ initial }: { initial: Preferences }) {
  const [values, setValues] = useState(initial);
  const updatePrefs = useUpdateNotificationPreferences();
  const reminders = useReminderSettings(false);
  const updateReminders = useUpdateReminderSettings();
  const update = {
    isPending: updatePrefs.isPending || updateReminders.isPending,
    mutate: (p: Preferences, cb: { onSuccess: () => void; onError: () => void }) => {
      const saves: Promise<unknown>[] = [updatePrefs.mutateAsync(p)];
      const reminderSave = remindersOnSave(reminders.data, p.whatsappNotifications);
      if (reminderSave) saves.push(updateReminders.mutateAsync(reminderSave));
      Promise.all(saves).then(cb.onSuccess, cb.onError);
    },
  };
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
          description={whatsAppWaitsForSave(reminders.data, values.whatsappNotifications) ? NOTIFICATION_TEXT.whatsappWaits : NOTIFICATION_TEXT.whatsappHint}
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
