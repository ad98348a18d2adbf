import {
  Autocomplete,
  Button,
  Chip,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import type { Case } from '@gen/kesi/v1/case_pb';
import { errorMessage } from '@/api/errors';
import { DateField } from '@/components/DateField';
import { quickDates } from '@/lib/courtdays';
import { formatDate, todayIsoDate } from '@/lib/dates';
import { focusFirstInvalid } from '@/lib/focusInvalid';
import { putServerErrors } from '@/lib/serverErrors';
import { useRecordOutcome, type OutcomeValues } from '@/api/cases';
import { newRequestId } from '@/api/outcome';
import { ACTIVITY_KINDS, CONCLUDING_STATUSES, DEFAULT_CONCLUSION, kindFilter, OUTCOME_CHOICES, suggestedNextActivity } from '@/lib/vocabulary';

export const OUTCOME_TEXT = {
  title: 'Record outcome',
  happened: 'What happened',
  outcome: 'Outcome',
  outcomePlaceholder: "e.g. Adjourned; plaintiff's witness absent",
  conclude: 'Conclude the matter (no next date)',
  concludeAs: 'Concluded as',
  nextDate: 'Next date',
  quickDates: 'Quick next dates',
  kind: 'Next activity',
  time: 'Time',
  cancel: 'Cancel',
  save: 'Save',
  success: 'Outcome recorded',
  savedOffline: 'Saved on this phone - it will be sent when the signal returns',
  concluded: 'Matter concluded',
  needsSomething: 'Enter what happened or the next date',
  needsKind: 'Enter the next activity',
};

/**
 * What happened at a sitting and what comes next, in a few taps: an outcome chip, a quick date,
 * Save. The next activity follows the chip (an adjournment keeps the sitting's own kind).
 */
export function RecordOutcomeDialog({ target, opened, onClose }: { target: Case; opened: boolean; onClose: () => void }) {
  const record = useRecordOutcome();
  const phone = useMediaQuery('(max-width: 36em)');
  const today = todayIsoDate();
  const held = target.activity;
  const form = useForm<OutcomeValues & { concluding: boolean }>({
    initialValues: {
      outcome: '',
      next_date: '',
      next_activity: held || 'Mention',
      next_time: '',
      status: '',
      concluding: false,
    },
    validate: {
      outcome: (v, values) => (v.trim() || (values.next_date && !values.concluding) ? null : OUTCOME_TEXT.needsSomething),
      next_activity: (v, values) => (values.concluding || !values.next_date || v.trim() ? null : OUTCOME_TEXT.needsKind),
    },
  });
  const chosen = OUTCOME_CHOICES.find((c) => c.label === form.values.outcome);
  const close = () => {
    form.reset();
    onClose();
  };
  const choose = (label: string) => {
    const choice = OUTCOME_CHOICES.find((c) => c.label === label);
    form.setFieldValue('outcome', label);
    form.setFieldValue('next_activity', suggestedNextActivity(choice, held));
    form.setFieldValue('concluding', Boolean(choice?.concludes));
    form.setFieldValue('status', choice?.concludes ? DEFAULT_CONCLUSION : '');
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={OUTCOME_TEXT.title}
      centered
      fullScreen={phone}
      transitionProps={phone ? { duration: 0 } : undefined}
    >
      <form
        noValidate
        onSubmit={form.onSubmit(
          ({ concluding, ...values }) => {
            // Queued with no signal, the dialog closes at once: a refusal then comes as a toast.
            const queued = !onlineManager.isOnline();
            const sent = concluding ? { ...values, next_date: '', status: values.status || DEFAULT_CONCLUSION } : { ...values, status: '' };
            record.mutate(
              { id: target.id, values: sent, requestId: newRequestId() },
              {
                onSuccess: () => {
                  notifications.show({
                    id: `outcome-${target.id}`,
                    color: 'green',
                    message: concluding ? OUTCOME_TEXT.concluded : OUTCOME_TEXT.success,
                  });
                  close();
                },
                onError: (err) => {
                  if (queued || !putServerErrors(form, err)) {
                    notifications.show({ id: `outcome-${target.id}`, color: 'red', message: errorMessage(err) });
                  }
                },
              },
            );
            // With no signal the outcome waits on the phone (the offline bar counts it) and is sent
            // when the signal returns: nothing more to do here.
            if (queued) {
              notifications.show({ id: `outcome-${target.id}`, color: 'blue', message: OUTCOME_TEXT.savedOffline });
              close();
            }
          },
          focusFirstInvalid,
        )}
      >
        <Stack gap="sm">
          <div>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {target.caseId}
            </Text>
            <Text size="sm" c="dimmed">
              {[target.parties, held && target.activityDate ? `${held}, ${formatDate(target.activityDate)}` : ''].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <div role="group" aria-labelledby="outcome-chips-label">
            <Text id="outcome-chips-label" size="sm" fw={500} mb={6}>
              {OUTCOME_TEXT.happened}
            </Text>
            <Chip.Group multiple={false} value={chosen ? chosen.label : ''} onChange={choose}>
              <Group gap={6}>
                {OUTCOME_CHOICES.map((c) => (
                  <Chip key={c.label} value={c.label} size="sm">
                    {c.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
          <Textarea
            label={OUTCOME_TEXT.outcome}
            placeholder={OUTCOME_TEXT.outcomePlaceholder}
            autosize
            minRows={1}
            data-field="outcome"
            {...form.getInputProps('outcome')}
          />
          <Switch label={OUTCOME_TEXT.conclude} {...form.getInputProps('concluding', { type: 'checkbox' })} />
          {form.values.concluding ? (
            <Select
              label={OUTCOME_TEXT.concludeAs}
              data={CONCLUDING_STATUSES}
              allowDeselect={false}
              value={form.values.status || DEFAULT_CONCLUSION}
              error={form.errors.status}
              onChange={(v) => {
                form.setFieldValue('status', v ?? DEFAULT_CONCLUSION);
              }}
            />
          ) : (
            <>
              <div role="group" aria-labelledby="quick-dates-label">
                <Text id="quick-dates-label" size="sm" fw={500} mb={6}>
                  {OUTCOME_TEXT.quickDates}
                </Text>
                <Chip.Group
                  multiple={false}
                  value={form.values.next_date}
                  onChange={(v) => {
                    form.setFieldValue('next_date', v);
                  }}
                >
                  <Group gap={6}>
                    {quickDates(today).map((q) => (
                      <Chip key={q.label} value={q.iso} size="sm">
                        {`${q.label} · ${formatDate(q.iso)}`}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </div>
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                <DateField label={OUTCOME_TEXT.nextDate} minDate={today} data-field="next_date" {...form.getInputProps('next_date')} />
                <Autocomplete
                  label={OUTCOME_TEXT.kind}
                  data={ACTIVITY_KINDS} filter={kindFilter}
                  data-field="next_activity"
                  {...form.getInputProps('next_activity')}
                />
                <TextInput type="time" label={OUTCOME_TEXT.time} {...form.getInputProps('next_time')} />
              </SimpleGrid>
            </>
          )}
          {/* Save stays on screen on a small phone: the footer sticks to the dialog's bottom. */}
          <Group
            justify="flex-end"
            pos="sticky"
            bottom={0}
            py="xs"
            bg="var(--mantine-color-body)"
            style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
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
