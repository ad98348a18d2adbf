import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageOr } from '@/api/errors';
import { useSessionUser } from '@/app/session/SessionProvider';
import { formatDate } from '@/lib/dates';
import { useAccountDeletion, useCancelDeletion } from './privacyQueries';

export const BANNER_TEXT = {
  scheduled: (day: string) => `Your account will be deleted on ${day}.`,
  hint: 'Everything in it will be erased then. Changed your mind?',
  cancel: 'Cancel',
  cancelled: 'Your account will not be deleted.',
  failed: 'Failed to cancel the deletion. Please try again.',
};

/** The grace-period banner of the signed-in shell: the erasure day, with Cancel. */
export function DeletionBanner() {
  const user = useSessionUser();
  const deletion = useAccountDeletion(!!user && user.role !== 'demo');
  const cancel = useCancelDeletion();
  const d = deletion.data;
  if (!d) return null;
  const onCancel = () => { cancel.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: BANNER_TEXT.cancelled }),
      onError: (err) => notifications.show({ color: 'red', message: errorMessageOr(err, BANNER_TEXT.failed) }),
    }); };
  return (
    <Alert color="red" variant="light" mb="md" role="status" data-testid="deletion-banner">
      <Group justify="space-between" gap="sm">
        <div>
          <Text fw={600}>{BANNER_TEXT.scheduled(formatDate(d.eraseOn))}</Text>
          <Text size="sm">{BANNER_TEXT.hint}</Text>
        </div>
        <Button color="red" onClick={onCancel} loading={cancel.isPending}>
          {BANNER_TEXT.cancel}
        </Button>
      </Group>
    </Alert>
  );
}
