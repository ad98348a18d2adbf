import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Case } from '@gen/kesi/v1/case_pb';
import { useDeleteCase } from '../queries';

export const DELETE_TEXT = {
  title: 'Delete Case',
  warning: 'This permanently deletes the case with its activities and documents.',
  prompt: 'Type the case ID to confirm:',
  label: 'Case ID',
  cancel: 'Cancel',
  delete: 'Delete',
  success: 'Case deleted successfully',
  failure: 'Failed to delete case. Please try again.',
};

/** SPEC.md section 4: Delete is enabled only when the typed text equals the case ID. */
export function canDelete(typed: string, c: Case | null): boolean {
  return c !== null && typed === c.caseId;
}

export function DeleteCaseDialog({ target, onClose }: { target: Case | null; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteCase();
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Modal opened={target !== null} onClose={close} title={DELETE_TEXT.title} centered>
      <Stack>
        <Text size="sm">{DELETE_TEXT.warning}</Text>
        <Text size="sm">
          {DELETE_TEXT.prompt} <strong>{target?.caseId}</strong>
        </Text>
        <TextInput
          label={DELETE_TEXT.label}
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
          }}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {DELETE_TEXT.cancel}
          </Button>
          <Button
            color="red"
            disabled={!canDelete(typed, target)}
            loading={remove.isPending}
            onClick={() => {
              if (!target) return;
              remove.mutate(target.id, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: DELETE_TEXT.success });
                  close();
                },
                onError: () => {
                  notifications.show({ color: 'red', message: DELETE_TEXT.failure });
                },
              });
            }}
          >
            {DELETE_TEXT.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
