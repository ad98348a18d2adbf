import { Container, Tabs, Title } from '@mantine/core';
import { IconAlarm, IconBell, IconCreditCard, IconLock, IconPlugConnected, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '@/app/session/SessionProvider';
import { IntegrationsTab } from './IntegrationsTab';
import { NotificationsTab } from './NotificationsTab';
import { PrivacyTab } from './PrivacyTab';
import { ProfileTab } from './ProfileTab';
import { hasReminders } from './reminderQueries';
import { RemindersTab } from './RemindersTab';
import { SecurityTab } from './SecurityTab';
import { SubscriptionTab } from './SubscriptionTab';

/** /settings: 'Account Settings' with four tabs (SPEC.md section 2). */
export function SettingsPage() {
  const user = useSessionUser();
  const [params] = useSearchParams();
  if (!user) return null;
  return (
    <Container size="md" px={0}>
      <Title order={1} mb="md">
        Account Settings
      </Title>
      <Tabs defaultValue={params.get('tab') ?? 'profile'} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} aria-hidden />}>
            Profile
          </Tabs.Tab>
          <Tabs.Tab value="subscription" leftSection={<IconCreditCard size={16} aria-hidden />}>
            Subscription
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconBell size={16} aria-hidden />}>
            Notifications
          </Tabs.Tab>
          {hasReminders(user.role) ? <Tabs.Tab value="reminders" leftSection={<IconAlarm size={16} aria-hidden />}>Reminders</Tabs.Tab> : null}
          <Tabs.Tab value="integrations" leftSection={<IconPlugConnected size={16} aria-hidden />}>
            Integrations
          </Tabs.Tab>
          {user.role !== 'demo' && <Tabs.Tab value="security" leftSection={<IconShieldLock size={16} aria-hidden />}>Security</Tabs.Tab>}
          <Tabs.Tab value="privacy" leftSection={<IconLock size={16} aria-hidden />}>Privacy</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile" pt="md">
          <ProfileTab user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="subscription" pt="md">
          <SubscriptionTab />
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="md">
          <NotificationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="reminders" pt="md">{hasReminders(user.role) ? <RemindersTab /> : null}</Tabs.Panel>
        <Tabs.Panel value="integrations" pt="md">
          <IntegrationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="security" pt="md"><SecurityTab /></Tabs.Panel>
        <Tabs.Panel value="privacy" pt="md"><PrivacyTab /></Tabs.Panel>
      </Tabs>
    </Container>
  );
}
