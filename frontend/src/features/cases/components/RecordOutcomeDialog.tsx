import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Case } from '@gen/kesi/v1/case_pb';
import { errorMessage } from '@/api/errors';
import { useRecordOutcome, type OutcomeValues } from '../queries';
import { ACTIVITY_KINDS } from './NewCaseDialog';

export const OUTCOME_TEXT = {
  title: 'Record outcome',
  outcome: 'What happened',
  outcomePlaceholder: "e.g. Adjourned; plaintiff's witness absent",
  nextDate: 'Next date',
  kind: 'Kind',
  time: 'Time',
  cancel: 'Cancel',
  save: 'Save',
  success: 'Outcome recorded',
  needsSomething: 'Enter what happened or the next date',
};

export function RecordOutcomeDialog({ target, opened, onClose }: { target: Case; opened: boolean; onClose: () => void }) {
  const record = useRecordOutcome();
  const form = useForm<OutcomeValues>({
    initialValues: { outcome: '', next_date: '', next_activity: 'Hearing', next_time: '' },
    validate: {
      outcome: (v, values) => (v.trim() || values.next_date ? null : OUTCOME_TEXT.needsSomething),
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`${OUTCOME_TEXT.title}: ${target.caseId}`} centered>
      <form
        onSubmit={form.onSubmit((values) => {
          record.mutate(
            { id: target.id, values },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: OUTCOME_TEXT.success });
                close();
              },
              onError: (err) => {
                notifications.show({ color: 'red', message: errorMessage(err) });
              },
            },
          );
        })}
      >
        <Stack gap="sm">
          <Textarea
            label={OUTCOME_TEXT.outcome}
            placeholder={OUTCOME_TEXT.outcomePlaceholder}
            autosize
            minRows={2}
            data-autofocus
            {...form.getInputProps('outcome')}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <TextInput type="date" label={OUTCOME_TEXT.nextDate} {...form.getInputProps('next_date')} />
            <Select label={OUTCOME_TEXT.kind} data={ACTIVITY_KINDS} allowDeselect={false} {...form.getInputProps('next_activity')} />
            <TextInput type="time" label={OUTCOME_TEXT.time} {...form.getInputProps('next_time')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {OUTCOME_TEXT.cancel}
            </Button>
            <Button type="submit" loading={record.isPending}>
              {OUTCOME_TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
