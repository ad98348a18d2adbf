import { Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { daysRemaining, subscriptionDisplay, useSubscriptionStatus, type SubscriptionDisplay } from '@/api/subscription';
import { useOpenPlanModal } from '@/hooks/planModal';
import { formatInstant } from '@/lib/dates';

export const SUBSCRIPTION_TEXT = {
  title: 'Subscription',
  status: 'Status',
  expiry: 'Expiry Date',
  remaining: 'Days Remaining',
  extend: 'Extend Subscription',
  subscribe: 'Subscribe Now',
  manage: 'Manage Billing',
  comingSoon: 'Subscription management coming soon',
  benefitsTitle: 'Subscription Benefits',
  benefits: [
    'Unlimited case management',
    'Document storage and encryption',
    'Calendar and hearing management',
    'Priority support',
  ],
};

const COLORS: Record<SubscriptionDisplay, string> = {
  'No Active Subscription': 'gray',
  Expired: 'red',
  'Expiring Soon': 'yellow',
  Active: 'green',
};

export function SubscriptionTab() {
  const status = useSubscriptionStatus();
  const openPlans = useOpenPlanModal();
  if (status.isPending) return <Skeleton height={200} />;
  const data = status.data ?? { hasActiveSubscription: false, expiry: null };
  const display = subscriptionDisplay(data);
  const days = daysRemaining(data.expiry);
  return (
    <Stack>
      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {SUBSCRIPTION_TEXT.title}
            </Title>
            <Badge color={COLORS[display]} variant="light" size="lg">
              {display}
            </Badge>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">{SUBSCRIPTION_TEXT.expiry}</Text>
            <Text fw={600}>{data.expiry ? formatInstant(data.expiry) : '—'}</Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">{SUBSCRIPTION_TEXT.remaining}</Text>
            <Text fw={600}>{days ?? 0}</Text>
          </Group>
          <Group>
            <Button onClick={openPlans}>{data.hasActiveSubscription ? SUBSCRIPTION_TEXT.extend : SUBSCRIPTION_TEXT.subscribe}</Button>
            <Button
              variant="default"
              onClick={() => notifications.show({ color: 'blue', message: SUBSCRIPTION_TEXT.comingSoon })}
            >
              {SUBSCRIPTION_TEXT.manage}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {SUBSCRIPTION_TEXT.benefitsTitle}
        </Title>
        <List spacing={4}>
          {SUBSCRIPTION_TEXT.benefits.map((b) => (
            <List.Item key={b}>{b}</List.Item>
          ))}
        </List>
      </Card>
    </Stack>
  );
}
