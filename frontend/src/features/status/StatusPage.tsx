import { Alert, Button, Container, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { Plan } from '@gen/kesi/v1/billing_pb';
import { errorMessage } from '@/api/errors';
import { formatMoney } from '@/lib/money';
import { usePlans } from './queries';

const TEXT = {
  title: 'Server status',
  subtitle: 'Subscription plans, read from the server over the typed Connect client.',
  error: 'Failed to load subscription plans. Please try again.',
  retry: 'Try Again',
  empty: 'No plans are on sale.',
};

/** Temporary screen that proves the typed client reaches the server. */
export function StatusPage() {
  const plans = usePlans();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{TEXT.title}</Title>
        <Text c="dimmed">{TEXT.subtitle}</Text>
        {plans.isPending ? (
          <Stack gap="xs" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Stack>
        ) : plans.isError ? (
          <Alert color="red" title={TEXT.error}>
            <Stack align="flex-start" gap="xs">
              <Text size="sm">{errorMessage(plans.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void plans.refetch()}>
                {TEXT.retry}
              </Button>
            </Stack>
          </Alert>
        ) : plans.data.length === 0 ? (
          <Text>{TEXT.empty}</Text>
        ) : (
          <PlanTable plans={plans.data} />
        )}
      </Stack>
    </Container>
  );
}

function PlanTable({ plans }: { plans: Plan[] }) {
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Plan</Table.Th>
          <Table.Th>Price</Table.Th>
          <Table.Th>Duration</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {plans.map((plan) => (
          <Table.Tr key={plan.id}>
            <Table.Td>{plan.name}</Table.Td>
            <Table.Td>{formatMoney(plan.price)}</Table.Td>
            <Table.Td>{plan.durationDays} days</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
