import { Badge, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Document } from '@gen/kesi/v1/document_pb';
import { errorMessage } from '@/api/errors';
import { ErrorPanel } from '@/components/ErrorPanel';
import { useIsMobile } from '@/hooks/useListFreshness';
import { formatInstant } from '@/lib/dates';
import { downloadUrl } from '../api';
import { useDocuments } from '../queries';
import { UploadDialog } from './UploadDialog';

const TEXT = {
  count: (n: number) => `${n} document(s) available`,
  upload: 'Upload Document',
  empty: 'No documents yet',
  emptyHint: 'Upload pleadings, orders and correspondence; each file is encrypted before it is stored.',
  error: 'Failed to load documents',
  columns: ['Title', 'Added On', 'Notes', 'Actions'],
  encrypted: 'Encrypted',
  view: 'View',
  download: 'Download',
  downloading: 'Decrypting file for download...',
};

type Busy = { id: string; action: 'view' | 'download' } | null;

/**
 * One upload gives all its files the same title, so a button's name also carries the file's own
 * name: 'View Plaint (Plaint.pdf)' and 'View Plaint (Exhibit.pdf)' are two different buttons.
 */
function docName(d: Document): string {
  const file = d.originalFilename;
  return file && file !== d.documentTitle ? `${d.documentTitle} (${file})` : d.documentTitle;
}

/** The Documents tab of a case: count, list, View and Download, upload. */
export function DocumentsPanel({ caseId }: { caseId: string }) {
  const mobile = useIsMobile();
  const docs = useDocuments(caseId);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);

  const view = (d: Document) => {
    setBusy({ id: d.documentId, action: 'view' });
    // The server streams the decrypted bytes inline with their content type.
    window.open(d.documentUrl, '_blank', 'noopener');
    setTimeout(() => {
      setBusy(null);
    }, 600);
  };
  const download = (d: Document) => {
    setBusy({ id: d.documentId, action: 'download' });
    notifications.show({ color: 'blue', message: TEXT.downloading });
    const a = document.createElement('a');
    a.href = downloadUrl(d.documentUrl);
    a.download = d.originalFilename || `${d.documentTitle}.${d.originalExtension}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => {
      setBusy(null);
    }, 600);
  };
  const actions = (d: Document) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        loading={busy?.id === d.documentId && busy.action === 'view'}
        disabled={busy?.id === d.documentId}
        aria-label={`${TEXT.view} ${docName(d)}`}
        onClick={() => {
          view(d);
        }}
      >
        {TEXT.view}
      </Button>
      <Button
        size="xs"
        variant="outline"
        loading={busy?.id === d.documentId && busy.action === 'download'}
        disabled={busy?.id === d.documentId}
        aria-label={`${TEXT.download} ${docName(d)}`}
        onClick={() => {
          download(d);
        }}
      >
        {TEXT.download}
      </Button>
    </Group>
  );
  const uploadButton = (
    <Button
      onClick={() => {
        setUploadOpen(true);
      }}
    >
      {TEXT.upload}
    </Button>
  );

  let body;
  if (docs.isPending) {
    body = (
      <Stack gap="xs" aria-busy>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Stack>
    );
  } else if (docs.isError) {
    body = <ErrorPanel title={TEXT.error} message={errorMessage(docs.error)} onRetry={() => void docs.refetch()} />;
  } else if (docs.data.length === 0) {
    body = (
      <Stack align="center" py="xl" gap="xs">
        <Text fw={600}>{TEXT.empty}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {TEXT.emptyHint}
        </Text>
        {uploadButton}
      </Stack>
    );
  } else if (mobile) {
    body = (
      <Stack gap="sm">
        {docs.data.map((d) => (
          <Card key={d.documentId} withBorder padding="sm" data-testid="document-card">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate maw={180} title={d.documentTitle}>
                {d.documentTitle}
              </Text>
              <Badge color="green.9" variant="filled">
                {TEXT.encrypted}
              </Badge>
            </Group>
            {d.originalFilename && (
              <Text size="xs" c="dimmed" truncate maw={180} title={d.originalFilename}>
                {d.originalFilename}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatInstant(d.createdAt)}
              {d.note ? ` · ${d.note}` : ''}
            </Text>
            <Group mt="xs">{actions(d)}</Group>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {TEXT.columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs.data.map((d) => (
              <Table.Tr key={d.documentId}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={600} size="sm">
                      {d.documentTitle}
                    </Text>
                    <Badge color="green.9" variant="filled" size="sm">
                      {TEXT.encrypted}
                    </Badge>
                  </Group>
                  {d.originalFilename && (
                    <Text size="xs" c="dimmed">
                      {d.originalFilename}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatInstant(d.createdAt)}</Table.Td>
                <Table.Td>{d.note}</Table.Td>
                <Table.Td>{actions(d)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack>
      {docs.isSuccess && docs.data.length > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {TEXT.count(docs.data.length)}
          </Text>
          {uploadButton}
        </Group>
      )}
      {body}
      <UploadDialog
        caseId={caseId}
        opened={uploadOpen}
        onClose={() => {
          setUploadOpen(false);
        }}
      />
    </Stack>
  );
}
