import { Avatar, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorPanel } from '@/components/ErrorPanel';
import { useRefetchOnTokenRefresh } from '@/hooks/useRefetchOnTokenRefresh';
import { formatInstant } from '@/lib/dates';
import { ClientDataActions } from '../components/ClientDataActions';
import { ContactLinks } from '@/components/ContactLinks';
import { initials, useClient } from '../queries';

const TEXT = {
  back: 'Back to Clients',
  error: 'Failed to load client details',
  none: 'Not provided',
  contact: 'Phone and e-mail',
};

export function ClientProfilePage() {
  useRefetchOnTokenRefresh();
  const { id = '' } = useParams();
  const client = useClient(id);
  const c = client.data;
  const fields: [string, string][] = c
    ? [
        ['Address', c.address],
        ['National ID', c.isNationalIdTemporary ? 'Temporary ID' : c.nationalId],
        ['Client Type', c.clientType],
        ['Preferred Communication', c.preferredCommunication],
        ['Created At', c.createdAt ? formatInstant(c.createdAt) : ''],
        ['Notes', c.notes],
      ]
    : [];
  return (
    <Stack>
      <div>
        <Button component={Link} to="/clients" variant="subtle" px={0}>
          ← {TEXT.back}
        </Button>
      </div>
      {client.isError ? (
        <ErrorPanel title={TEXT.error} onRetry={() => void client.refetch()} />
      ) : !c ? (
        <Card withBorder>
          <Skeleton height={48} circle />
          <Skeleton height={20} mt="md" width="40%" />
          <Skeleton height={16} mt="sm" />
        </Card>
      ) : (
        <Card withBorder>
          <Group mb="md">
            <Avatar size="lg" radius="xl" color="blue" src={c.profileImage || null} alt="">
              {initials(c.fullname)}
            </Avatar>
            <Title order={1} size="h3">
              {c.fullname || TEXT.none}
            </Title>
          </Group>
          <Stack gap={4} mb="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {TEXT.contact}
            </Text>
            {c.phoneNumber || c.email ? (
              <ContactLinks name={c.fullname} phone={c.phoneNumber} email={c.email} size="md" />
            ) : (
              <Text>{TEXT.none}</Text>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {label}
                </Text>
                <Text style={{ wordBreak: 'break-word' }}>{value || TEXT.none}</Text>
              </div>
            ))}
          </SimpleGrid>
          <ClientDataActions client={c} />
        </Card>
      )}
    </Stack>
  );
}
