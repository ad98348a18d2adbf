import { Anchor, Avatar, Button, Card, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Client } from '@gen/kesi/v1/client_pb';
import { ErrorPanel } from '@/components/ErrorPanel';
import { useIsMobile } from '@/hooks/useListFreshness';
import { useRefetchOnTokenRefresh } from '@/hooks/useRefetchOnTokenRefresh';
import { PageHeading } from '@/components/PageHeading';
import { BreakableEmail } from '@/components/ContactLinks';
import { NewClientDialog } from '../components/NewClientDialog';
import { mailtoHref, telHref } from '@/lib/contact';
import { initials, searchClients, showNationalId, useClients } from '../queries';

export const TEXT = {
  title: 'Client Management',
  subtitle: 'Your clients and how to reach them',
  search: 'Search by name, phone, or ID...',
  searchLabel: 'Search clients',
  refresh: 'Refresh',
  refreshing: 'Refreshing client data...',
  newClient: 'New Client',
  name: 'Name',
  contact: 'Contact',
  nationalId: 'National ID',
  actions: 'Actions',
  temporary: 'Temporary ID',
  noContact: 'No contact information',
  view: 'View Profile',
  found: (n: number) => `${n} client(s) found`,
  none: 'No clients found.',
  error: 'Error loading clients',
  errorDetail: 'Failed to load clients. Please try again.',
  retry: 'Try Again',
};

export function ClientsPage() {
  useRefetchOnTokenRefresh();
  const clients = useClients();
  const [query, setQuery] = useState('');
  const [newOpen, setNewOpen] = useState(false);
  const shown = useMemo(() => searchClients(clients.data ?? [], query), [clients.data, query]);
  const withId = showNationalId(clients.data ?? []);
  const columns = [TEXT.name, TEXT.contact, ...(withId ? [TEXT.nationalId] : []), TEXT.actions];
  // A table of four columns does not fit 360 px: the e-mail was cut and View Profile was off to
  // the side. A phone gets one card per client instead.
  const isMobile = useIsMobile();

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <PageHeading title={TEXT.title} subtitle={TEXT.subtitle} />
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              notifications.show({ message: TEXT.refreshing });
              void clients.refetch();
            }}
          >
            {TEXT.refresh}
          </Button>
          <Button
            onClick={() => {
              setNewOpen(true);
            }}
          >
            {TEXT.newClient}
          </Button>
        </Group>
      </Group>
      <TextInput
        type="search"
        placeholder={TEXT.search}
        aria-label={TEXT.searchLabel}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
        }}
      />
      {clients.isError ? (
        <ErrorPanel title={TEXT.error} message={TEXT.errorDetail} onRetry={() => void clients.refetch()} />
      ) : isMobile ? (
        <Stack gap="sm" aria-busy={clients.isPending} data-testid="client-cards">
          {clients.isPending
            ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={96} radius="md" data-testid="skeleton-row" />)
            : shown.map((c) => <ClientCard key={c.id} client={c} withId={withId} />)}
        </Stack>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody aria-busy={clients.isPending}>
                {clients.isPending
                  ? Array.from({ length: 5 }, (_, i) => (
                      <Table.Tr key={i} data-testid="skeleton-row">
                        {columns.map((c) => (
                          <Table.Td key={c}>
                            <Skeleton height={24} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  : shown.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <Avatar color="blue" radius="xl" src={c.profileImage || null} alt="">
                              {initials(c.fullname)}
                            </Avatar>
                            <Text fw={600} size="sm">
                              {c.fullname}
                            </Text>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <ClientContact client={c} />
                        </Table.Td>
                        {withId && (
                          <Table.Td>
                            <NationalId client={c} />
                          </Table.Td>
                        )}
                        <Table.Td>
                          <ViewProfile client={c} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {clients.isSuccess && (
        <Text size="sm" c="dimmed" data-testid="client-count">
          {shown.length > 0 ? TEXT.found(shown.length) : TEXT.none}
        </Text>
      )}
      <NewClientDialog
        opened={newOpen}
        onClose={() => {
          setNewOpen(false);
        }}
      />
    </Stack>
  );
}

/** Phone, e-mail, or SPEC.md's words when there is neither. */
function ClientContact({ client: c }: { client: Client }) {
  if (!c.phoneNumber && !c.email) {
    return (
      <Text size="sm" c="dimmed">
        {TEXT.noContact}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {c.phoneNumber && (
        <Anchor href={telHref(c.phoneNumber)} size="sm">
          {c.phoneNumber}
        </Anchor>
      )}
      {c.email && (
        <Anchor href={mailtoHref(c.email)} size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          <BreakableEmail email={c.email} />
        </Anchor>
      )}
    </Stack>
  );
}

function NationalId({ client: c }: { client: Client }) {
  return c.isNationalIdTemporary ? (
    <Text size="sm" c="dimmed">
      {TEXT.temporary}
    </Text>
  ) : (
    <Text size="sm">{c.nationalId}</Text>
  );
}

function ViewProfile({ client: c, fullWidth = false }: { client: Client; fullWidth?: boolean }) {
  return (
    <Button
      component={Link}
      to={`/clients/${encodeURIComponent(c.id)}`}
      size="xs"
      variant="light"
      fullWidth={fullWidth}
      aria-label={`${TEXT.view} ${c.fullname}`}
    >
      {TEXT.view}
    </Button>
  );
}

/** A client on a phone: who, how to reach them, the ID when the list shows IDs, and the profile. */
function ClientCard({ client: c, withId }: { client: Client; withId: boolean }) {
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={c.fullname}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar color="blue" radius="xl" src={c.profileImage || null} alt="">
            {initials(c.fullname)}
          </Avatar>
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text fw={600} size="sm">
              {c.fullname}
            </Text>
            <ClientContact client={c} />
            {/* A card has no column to leave empty: a client without an ID says nothing of it. */}
            {withId && (c.nationalId || c.isNationalIdTemporary) && (
              <Group gap={4} wrap="wrap">
                <Text size="sm" c="dimmed">
                  {TEXT.nationalId}:
                </Text>
                <NationalId client={c} />
              </Group>
            )}
          </Stack>
        </Group>
        <ViewProfile client={c} fullWidth />
      </Stack>
    </Card>
  );
}
