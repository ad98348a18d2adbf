import { Autocomplete, Button, Divider, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '@/api/errors';
import { DateField } from '@/components/DateField';
import { ACTIVITY_KINDS, kindFilter } from '@/lib/vocabulary';
import { useCreateCase, type NewCaseValues } from '@/api/cases';
import { focusFirstInvalid } from '@/lib/focusInvalid';
import { putServerErrors } from '@/lib/serverErrors';

export const KIOSK_URL = 'https://efiling.court.go.ke/';

const TEXT = {
  title: 'Redirect to Judiciary Kiosk',
  intro:
    "Find your case on the Judiciary's e-filing kiosk; the Kesi browser extension transfers it to your diary with its dates.",
  open: 'Open Judiciary Kiosk',
  or: 'or type the case in',
  caseId: 'Case ID',
  caseIdRequired: 'Please enter the case ID',
  parties: 'Parties',
  court: 'Law Court',
  filingDate: 'Filing Date',
  caseType: 'Case Type',
  activity: 'Next Activity',
  activityDate: 'Next Date',
  time: 'Time',
  notes: 'Notes',
  cancel: 'Cancel',
  save: 'Add Case',
  success: 'Case added successfully',
};


export function NewCaseDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateCase();
  const form = useForm<NewCaseValues>({
    initialValues: {
      case_id: '',
      parties: '',
      law_court: '',
      filing_date: '',
      case_type: '',
      notes: '',
      activity: 'Mention',
      activity_date: '',
      time: '',
    },
    validate: { case_id: (v) => (v.trim() ? null : TEXT.caseIdRequired) },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={TEXT.title} centered size="lg">
      <Stack>
        <Text size="sm">{TEXT.intro}</Text>
        <Button component="a" href={KIOSK_URL} target="_blank" rel="noopener noreferrer">
          {TEXT.open}
        </Button>
        <Divider label={TEXT.or} labelPosition="center" />
        <form
          onSubmit={form.onSubmit((values) => {
            create.mutate(values, {
              onSuccess: () => {
                notifications.show({ color: 'green', message: TEXT.success });
                close();
              },
              onError: (err) => {
                if (!putServerErrors(form, err)) notifications.show({ color: 'red', message: errorMessage(err) });
              },
            });
          }, focusFirstInvalid)}
        >
          <Stack gap="sm">
            <TextInput label={TEXT.caseId} withAsterisk placeholder="MCCC/E3574/2022" {...form.getInputProps('case_id')} />
            <TextInput label={TEXT.parties} {...form.getInputProps('parties')} />
            <TextInput label={TEXT.court} {...form.getInputProps('law_court')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <DateField label={TEXT.filingDate} {...form.getInputProps('filing_date')} />
              <TextInput label={TEXT.caseType} placeholder="Civil Suit" {...form.getInputProps('case_type')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <Autocomplete label={TEXT.activity} data={ACTIVITY_KINDS} filter={kindFilter} {...form.getInputProps('activity')} />
              <DateField label={TEXT.activityDate} {...form.getInputProps('activity_date')} />
              <TextInput type="time" label={TEXT.time} {...form.getInputProps('time')} />
            </SimpleGrid>
            <Textarea label={TEXT.notes} autosize minRows={2} {...form.getInputProps('notes')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {TEXT.cancel}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {TEXT.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
