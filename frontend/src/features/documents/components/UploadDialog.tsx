import '@mantine/dropzone/styles.css';
import { Button, CloseButton, Group, Modal, Progress, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { uploadRules, type UploadValues } from '@/lib/validation';
import { defaultTitle } from '../api';
import { useUploadDocuments } from '../queries';
import { focusFirstInvalid } from '@/lib/focusInvalid';

export const UPLOAD_TEXT = {
  title: 'Upload Document',
  drop: 'Drag files here or click to select',
  dropHint: 'PDF, Word, Excel, images... Each file is encrypted before it is stored.',
  docTitle: 'Document Title',
  note: 'Note',
  cancel: 'Cancel',
  upload: 'Upload',
  starting: 'Starting file upload...',
  success: 'Document uploaded successfully',
  failure: (message: string) => `Failed to upload document: ${message || 'Unknown error'}`,
  progress: 'Upload progress',
};

export function UploadDialog({ caseId, opened, onClose }: { caseId: string; opened: boolean; onClose: () => void }) {
  const upload = useUploadDocuments(caseId);
  const [progress, setProgress] = useState(0);
  const form = useForm<UploadValues>({
    initialValues: { files: [], document_title: '', note: '' },
    validate: uploadRules,
  });
  const close = () => {
    if (upload.isPending) return;
    form.reset();
    setProgress(0);
    onClose();
  };
  const addFiles = (files: File[]) => {
    const all = [...form.values.files, ...files];
    form.setFieldValue('files', all);
    if (!form.values.document_title.trim()) form.setFieldValue('document_title', defaultTitle(all));
  };
  const removeFile = (index: number) => {
    form.setFieldValue(
      'files',
      form.values.files.filter((_, i) => i !== index),
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={UPLOAD_TEXT.title} centered closeOnClickOutside={!upload.isPending}>
      <form
        onSubmit={form.onSubmit((values) => {
          setProgress(0);
          notifications.show({ color: 'blue', message: UPLOAD_TEXT.starting });
          upload.mutate(
            { title: values.document_title.trim(), note: values.note.trim(), files: values.files, onProgress: setProgress },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: UPLOAD_TEXT.success });
                form.reset();
                setProgress(0);
                onClose();
              },
              onError: (err) => {
                notifications.show({ color: 'red', message: UPLOAD_TEXT.failure(err.message) });
              },
            },
          );
        }, focusFirstInvalid)}
      >
        <Stack>
          <Dropzone onDrop={addFiles} multiple disabled={upload.isPending} aria-label={UPLOAD_TEXT.drop}>
            <Stack align="center" gap={4} py="md" style={{ pointerEvents: 'none' }}>
              <Text fw={600}>{UPLOAD_TEXT.drop}</Text>
              <Text size="xs" c="dimmed" ta="center">
                {UPLOAD_TEXT.dropHint}
              </Text>
            </Stack>
          </Dropzone>
          {form.errors.files && (
            <Text c="red" size="sm" role="alert">
              {form.errors.files}
            </Text>
          )}
          {form.values.files.length > 0 && (
            <Stack gap={4} data-testid="selected-files">
              {form.values.files.map((f, i) => (
                <Group key={`${f.name}-${i}`} justify="space-between" wrap="nowrap">
                  <Text size="sm" truncate>
                    {f.name}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={`Remove ${f.name}`}
                    disabled={upload.isPending}
                    onClick={() => {
                      removeFile(i);
                    }}
                  />
                </Group>
              ))}
            </Stack>
          )}
          <TextInput label={UPLOAD_TEXT.docTitle} withAsterisk {...form.getInputProps('document_title')} />
          <Textarea label={UPLOAD_TEXT.note} autosize minRows={2} {...form.getInputProps('note')} />
          {upload.isPending && (
            <Stack gap={4}>
              <Progress value={progress} aria-label={UPLOAD_TEXT.progress} animated={progress < 100} />
              <Text size="xs" c="dimmed" ta="right" aria-live="polite">
                {progress}%
              </Text>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={upload.isPending}>
              {UPLOAD_TEXT.cancel}
            </Button>
            <Button type="submit" loading={upload.isPending}>
              {UPLOAD_TEXT.upload}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
