import { Anchor, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/api/errors';
import { ContactLinks } from '@/components/ContactLinks';
import { useCaseClients, useLinkClient } from '../clientLinks';

export const CASE_CLIENTS_TEXT = {
  title: 'Clients',
  none: 'No client is linked to this case yet.',
  pick: 'Link a client',
  pickPlaceholder: 'Search your clients',
  nothingFound: 'No client by that name',
  link: 'Link',
  unlink: 'Unlink',
  unlinkLabel: (name: string) => `Unlink ${name} from this case`,
  linked: (name: string) => `${name} linked to this case`,
  unlinked: (name: string) => `${name} unlinked from this case`,
  noClients: 'Add your clients under Clients to link them here.',
  addClients: 'Go to Clients',
};

/** The case page's clients: who they are, one tap to call or WhatsApp, and link or unlink. */
export function CaseClients({ caseRef }: { caseRef: string }) {
  const clients = useCaseClients(caseRef);
  const link = useLinkClient();
  const [picked, setPicked] = useState<string | null>(null);
  const change = (clientId: string, linking: boolean) => {
    const client = [...clients.linked, ...clients.others].find((c) => c.id === clientId);
    if (!client) return;
    link.mutate(
      { client, caseRef, link: linking },
      {
        onSuccess: () => {
          notifications.show({
            id: `case-client-${caseRef}-${client.id}`,
            color: 'green',
            message: linking ? CASE_CLIENTS_TEXT.linked(client.fullname) : CASE_CLIENTS_TEXT.unlinked(client.fullname),
          });
          if (linking) setPicked(null);
        },
        onError: (err) => {
          notifications.show({ id: `case-client-${caseRef}-${client.id}`, color: 'red', message: errorMessage(err) });
        },
      },
    );
  };
  return (
    <Card withBorder data-testid="case-clients">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {CASE_CLIENTS_TEXT.title}
        </Title>
        {clients.isPending ? null : clients.linked.length === 0 ? (
          <Text size="sm" c="gray.7">
            {CASE_CLIENTS_TEXT.none}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {clients.linked.map((c) => (
              <li key={c.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/clients/${c.id}`} fw={600}>
                      {c.fullname}
                    </Anchor>
                    <ContactLinks name={c.fullname} phone={c.phoneNumber} email={c.email} />
                  </Stack>
                  <Button
                    variant="default"
                    size="xs"
                    aria-label={CASE_CLIENTS_TEXT.unlinkLabel(c.fullname)}
                    style={{ flexShrink: 0 }}
                    loading={link.isPending && link.variables.client.id === c.id && !link.variables.link}
                    onClick={() => {
                      change(c.id, false);
                    }}
                  >
                    {CASE_CLIENTS_TEXT.unlink}
                  </Button>
                </Group>
              </li>
            ))}
          </Stack>
        )}
        {clients.isSuccess && clients.others.length === 0 && clients.linked.length === 0 ? (
          <Text size="sm">
            {CASE_CLIENTS_TEXT.noClients}{' '}
            <Anchor component={Link} to="/clients">
              {CASE_CLIENTS_TEXT.addClients}
            </Anchor>
          </Text>
        ) : clients.others.length > 0 ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (picked) change(picked, true);
            }}
          >
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Select
                label={CASE_CLIENTS_TEXT.pick}
                placeholder={CASE_CLIENTS_TEXT.pickPlaceholder}
                data={clients.others.map((c) => ({ value: c.id, label: c.fullname }))}
                value={picked}
                onChange={setPicked}
                searchable
                clearable
                nothingFoundMessage={CASE_CLIENTS_TEXT.nothingFound}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Button type="submit" disabled={!picked} loading={link.isPending && link.variables.link}>
                {CASE_CLIENTS_TEXT.link}
              </Button>
            </Group>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}
