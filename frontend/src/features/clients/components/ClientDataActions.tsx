import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Client } from '@gen/kesi/v1/client_pb';
import { errorMessageOr } from '@/api/errors';
import { saveBlob } from '@/lib/download';
import { useDeleteClient, useExportClient } from '../rightsQueries';

export const CLIENT_DATA_TEXT = {
  export: 'Export client data',
  exported: 'The client’s data was downloaded.',
  exportFailed: 'Failed to export the client’s data. Please try again.',
  delete: 'Delete client',
  confirmTitle: 'Delete this client?',
  confirm: (name: string, cases: number) =>
    `${name} and everything Kesi holds about them will be erased. ${
      cases === 0 ? 'No case is linked to them.' : cases === 1 ? 'Their 1 case stays in your diary, unlinked.' : `Their ${cases} cases stay in your diary, unlinked.`
    } This cannot be undone.`,
  keep: 'Keep client',
  deleteNow: 'Delete client',
  deleted: (name: string) => `${name} was deleted.`,
  deleteFailed: 'Failed to delete the client. Please try again.',
};

/** A client's rights as data subject: a copy of their data, and erasure. */
export function ClientDataActions({ client }: { client: Client }) {
  const exportClient = useExportClient();
  const deleteClient = useDeleteClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const onExport = () => { exportClient.mutate(client.id, {
      onSuccess: ({ blob, filename }) => {
        saveBlob(blob, filename);
        notifications.show({ color: 'green', message: CLIENT_DATA_TEXT.exported });
      },
      onError: (err) => notifications.show({ color: 'red', message: errorMessageOr(err, CLIENT_DATA_TEXT.exportFailed) }),
    }); };
  const onDelete = () => { deleteClient.mutate(client.id, {
      onSuccess: () => {
        setOpen(false);
        notifications.show({ color: 'green', message: CLIENT_DATA_TEXT.deleted(client.fullname) });
        void navigate('/clients', { replace: true });
      },
      onError: (err) => notifications.show({ color: 'red', message: errorMessageOr(err, CLIENT_DATA_TEXT.deleteFailed) }),
    }); };
  return (
    <>
      <Group mt="md">
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={onExport} loading={exportClient.isPending}>
          {CLIENT_DATA_TEXT.export}
        </Button>
        <Button variant="outline" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => { setOpen(true); }}>
          {CLIENT_DATA_TEXT.delete}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => { setOpen(false); }} title={CLIENT_DATA_TEXT.confirmTitle} centered>
        <Stack>
          <Text size="sm">{CLIENT_DATA_TEXT.confirm(client.fullname, client.caseIds.length)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => { setOpen(false); }}>
              {CLIENT_DATA_TEXT.keep}
            </Button>
            <Button color="red" onClick={onDelete} loading={deleteClient.isPending}>
              {CLIENT_DATA_TEXT.deleteNow}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
