import { Alert, Anchor, Button, Group, List, Modal, Radio, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Plan } from '@gen/kesi/v1/billing_pb';
import { errorMessageOr } from '@/api/errors';
import { useIsMobile } from '@/hooks/useListFreshness';
import { formatMoney } from '@/lib/money';
import { validatePlanSelected } from '@/lib/validation';
import { useInitializePayment, usePlans } from './queries';

export const PLAN_TEXT = {
  title: 'Choose Your Subscription Plan',
  intro: 'Subscribe to unlock full access to Kesi.',
  perks: ['Full access to all cases', 'Unlimited document storage', 'Calendar management', 'Priority support'],
  subscribe: 'Subscribe Now',
  processing: 'Processing...',
  loadFailed: 'Failed to load subscription plans. Please try again.',
  initFailed: 'Failed to initialize payment. Please try again.',
  empty: 'No plans are available right now.',
  retry: 'Try Again',
  notRenewing: 'Not renewing? Your data stays yours:',
  privacyLink: 'download it or delete your account',
};

function durationText(days: number): string {
  if (days === 30) return 'per month';
  if (days === 90) return 'per quarter';
  if (days === 365) return 'per year';
  return `for ${days} days`;
}

/**
 * SPEC.md section 4's plan-selection modal. When `dismissible` is false (no active subscription)
 * nothing closes it; Subscribe Now sends the browser to the payment page. `privacyPath`, given
 * while it blocks, is the way out to the advocate's data rights.
 */
export function PlanModal({
  opened,
  onClose,
  dismissible,
  privacyPath,
  navigate = (url) => {
    window.location.assign(url);
  },
}: {
  opened: boolean;
  onClose: () => void;
  dismissible: boolean;
  privacyPath?: string;
  navigate?: (url: string) => void;
}) {
  const plans = usePlans(opened);
  const pay = useInitializePayment();
  const [planId, setPlanId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const processing = pay.isPending || pay.isSuccess;
  // At 360x740 three plan cards and the perks pushed Subscribe Now below the fold of a modal
  // framed by the page: a phone gives the modal the whole screen, and the action stays pinned
  // to its bottom edge while the plans scroll under it.
  const phone = useIsMobile();

  const subscribe = () => {
    const invalid = validatePlanSelected(planId);
    if (invalid || !planId) {
      setError(invalid);
      notifications.show({ color: 'red', message: invalid });
      return;
    }
    setError(null);
    pay.mutate(planId, {
      onSuccess: (url) => {
        navigate(url);
      },
      onError: (err) => {
        // The server's reason when it refused (too many attempts, a plan withdrawn): "try again"
        // would fail again. SPEC.md's words when the checkout itself broke.
        notifications.show({ color: 'red', message: errorMessageOr(err, PLAN_TEXT.initFailed) });
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={PLAN_TEXT.title}
      size="xl"
      fullScreen={phone}
      centered
      closeOnEscape={dismissible}
      closeOnClickOutside={dismissible}
      withCloseButton={dismissible}
      trapFocus
    >
      <Stack>
        <Text c="dimmed">{PLAN_TEXT.intro}</Text>
        {plans.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={120} />
            ))}
          </SimpleGrid>
        ) : plans.isError ? (
          <Alert color="red" title={PLAN_TEXT.loadFailed}>
            <Button size="xs" variant="light" color="red" onClick={() => void plans.refetch()}>
              {PLAN_TEXT.retry}
            </Button>
          </Alert>
        ) : plans.data.length === 0 ? (
          <Text>{PLAN_TEXT.empty}</Text>
        ) : (
          <Radio.Group
            value={planId}
            onChange={(v) => {
              setPlanId(v);
              setError(null);
            }}
            label="Plan"
            error={error}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
              {plans.data.map((plan) => (
                <PlanCard key={plan.id} plan={plan} />
              ))}
            </SimpleGrid>
          </Radio.Group>
        )}
        <List
          spacing={4}
          size="sm"
          icon={
            <ThemeIcon color="green" size={18} radius="xl">
              <IconCheck size={12} aria-hidden />
            </ThemeIcon>
          }
        >
          {PLAN_TEXT.perks.map((perk) => (
            <List.Item key={perk}>{perk}</List.Item>
          ))}
        </List>
        <Group
          justify="flex-end"
          py="xs"
          bg="var(--mantine-color-body)"
          style={{ position: 'sticky', bottom: 0, zIndex: 1, borderTop: phone ? '1px solid var(--mantine-color-default-border)' : undefined }}
        >
          <Button onClick={subscribe} disabled={!planId || processing} fullWidth={phone}>
            {processing ? PLAN_TEXT.processing : PLAN_TEXT.subscribe}
          </Button>
        </Group>
        {privacyPath && (
          <Text size="sm" c="dimmed">
            {PLAN_TEXT.notRenewing}{' '}
            <Anchor component={Link} to={privacyPath}>
              {PLAN_TEXT.privacyLink}
            </Anchor>
            .
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <Radio.Card value={plan.id} radius="md" p="md" withBorder>
      <Group wrap="nowrap" align="flex-start">
        <Radio.Indicator />
        <Stack gap={2}>
          <Text fw={600}>{plan.name}</Text>
          <Text size="xl" fw={700}>
            {formatMoney(plan.price)}
          </Text>
          <Text size="sm" c="dimmed">
            {durationText(plan.durationDays)}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}
