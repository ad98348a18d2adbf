import '@mantine/dropzone/styles.css';
import { Button, Checkbox, CloseButton, FileButton, Group, Modal, Progress, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { Dropzone } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { uploadRules, type UploadValues } from '@/lib/validation';
import { defaultTitle } from '../api';
import { useUploadDocuments } from '../queries';
import { shrinkPhoto } from '../shrink';
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
  camera: 'Take a photo',
  keepOriginal: 'Keep original quality',
  keepOriginalHint: 'Photos are made smaller (2000 px, JPEG) before upload so they send quickly on a phone network.',
};

export function UploadDialog({ caseId, opened, onClose }: { caseId: string; opened: boolean; onClose: () => void }) {
  const upload = useUploadDocuments(caseId);
  const [progress, setProgress] = useState(0);
  const [keepOriginal, setKeepOriginal] = useState(false);
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
        onSubmit={form.onSubmit(async (values) => {
          setProgress(0);
          // One toast for the whole upload: it stays while the files go, then says how it ended.
          notifications.show({ id: `upload-${caseId}`, color: 'blue', message: UPLOAD_TEXT.starting, loading: true, autoClose: false });
          const files = keepOriginal ? values.files : await Promise.all(values.files.map(shrinkPhoto));
          upload.mutate(
            { title: values.document_title.trim(), note: values.note.trim(), files, onProgress: setProgress },
            {
              onSuccess: () => {
                notifications.update({ id: `upload-${caseId}`, color: 'green', message: UPLOAD_TEXT.success, loading: false, autoClose: 4000 });
                form.reset();
                setProgress(0);
                onClose();
              },
              onError: (err) => {
                notifications.update({ id: `upload-${caseId}`, color: 'red', message: UPLOAD_TEXT.failure(err.message), loading: false, autoClose: 4000 });
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
          {/* On a phone the camera is one tap away: the picker opens it directly. */}
          <FileButton onChange={addFiles} accept="image/*" capture="environment" multiple disabled={upload.isPending}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconCamera size={18} aria-hidden />} hiddenFrom="sm">
                {UPLOAD_TEXT.camera}
              </Button>
            )}
          </FileButton>
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
          {form.values.files.some((f) => f.type.startsWith('image/')) && (
            <Checkbox
              label={UPLOAD_TEXT.keepOriginal}
              description={UPLOAD_TEXT.keepOriginalHint}
              checked={keepOriginal}
              onChange={(e) => {
                setKeepOriginal(e.currentTarget.checked);
              }}
            />
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
