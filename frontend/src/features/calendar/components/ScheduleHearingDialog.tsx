import { Autocomplete, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '@/api/errors';
import { DateField } from '@/components/DateField';
import { ACTIVITY_KINDS, kindFilter } from '@/lib/vocabulary';
import { useCaseChoices, useScheduleHearing, type HearingValues } from '../queries';
import { focusFirstInvalid } from '@/lib/focusInvalid';
import { putServerErrors } from '@/lib/serverErrors';

/** RecordActivity's fields by this form's names. */
const SERVER_FIELDS = { id: 'case', next_date: 'date', next_activity: 'activity', next_time: 'time' };

export const HEARING_TEXT = {
  title: 'Schedule Hearing',
  case: 'Case',
  casePlaceholder: 'Choose a case',
  caseRequired: 'Please choose a case',
  date: 'Date',
  dateRequired: 'Please choose a date',
  kind: 'Kind',
  time: 'Time',
  cancel: 'Cancel',
  save: 'Schedule',
  success: 'Hearing scheduled',
};

export function ScheduleHearingDialog({ opened, date, onClose }: { opened: boolean; date: string; onClose: () => void }) {
  const cases = useCaseChoices(opened);
  const schedule = useScheduleHearing();
  const form = useForm<HearingValues>({
    initialValues: { case: '', date, activity: 'Hearing', time: '' },
    validate: {
      case: (v) => (v ? null : HEARING_TEXT.caseRequired),
      date: (v) => (v ? null : HEARING_TEXT.dateRequired),
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={HEARING_TEXT.title}
      centered
      onEnterTransitionEnd={() => {
        if (!form.isDirty()) form.setFieldValue('date', date);
      }}
    >
      <form
        onSubmit={form.onSubmit((values) => {
          schedule.mutate(values, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: HEARING_TEXT.success });
              close();
            },
            onError: (err) => {
              if (!putServerErrors(form, err, SERVER_FIELDS)) notifications.show({ color: 'red', message: errorMessage(err) });
            },
          });
        }, focusFirstInvalid)}
      >
        <Stack gap="sm">
          <Select
            label={HEARING_TEXT.case}
            placeholder={HEARING_TEXT.casePlaceholder}
            searchable
            withAsterisk
            data={(cases.data ?? []).map((c) => ({ value: c.id, label: `${c.caseId} — ${c.parties}` }))}
            nothingFoundMessage={cases.isPending ? 'Loading...' : 'No cases'}
            {...form.getInputProps('case')}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <DateField label={HEARING_TEXT.date} withAsterisk {...form.getInputProps('date')} />
            <Autocomplete label={HEARING_TEXT.kind} data={ACTIVITY_KINDS} filter={kindFilter} {...form.getInputProps('activity')} />
            <TextInput type="time" label={HEARING_TEXT.time} {...form.getInputProps('time')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {HEARING_TEXT.cancel}
            </Button>
            <Button type="submit" loading={schedule.isPending}>
              {HEARING_TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
