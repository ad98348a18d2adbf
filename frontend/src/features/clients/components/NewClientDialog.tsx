import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '@/api/errors';
import { clientRules } from '@/lib/validation';
import { useCreateClient, type ClientValues } from '../queries';
import { focusFirstInvalid } from '@/lib/focusInvalid';
import { putServerErrors } from '@/lib/serverErrors';

const TEXT = {
  title: 'New Client',
  fullname: 'Full Name',
  phone: 'Phone Number',
  email: 'Email',
  nationalId: 'National ID',
  address: 'Address',
  type: 'Client Type',
  communication: 'Preferred Communication',
  notes: 'Notes',
  cancel: 'Cancel',
  save: 'Add Client',
  success: 'Client added successfully',
};

export function NewClientDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const createClient = useCreateClient();
  const form = useForm<ClientValues>({
    initialValues: {
      fullname: '',
      phone_number: '',
      email: '',
      national_id: '',
      address: '',
      client_type: 'Individual',
      preferred_communication: 'Phone',
      notes: '',
    },
    validate: clientRules,
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={TEXT.title} centered size="lg">
      <form
        onSubmit={form.onSubmit((values) => {
          createClient.mutate(values, {
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
          <TextInput label={TEXT.fullname} withAsterisk data-autofocus {...form.getInputProps('fullname')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={TEXT.phone} type="tel" {...form.getInputProps('phone_number')} />
            <TextInput
              label={TEXT.email}
              type="email"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              {...form.getInputProps('email')}
            />
            <TextInput label={TEXT.nationalId} {...form.getInputProps('national_id')} />
            <TextInput label={TEXT.address} {...form.getInputProps('address')} />
            <Select label={TEXT.type} data={['Individual', 'Company']} allowDeselect={false} {...form.getInputProps('client_type')} />
            <Select
              label={TEXT.communication}
              data={['Phone', 'Email', 'WhatsApp', 'SMS']}
              allowDeselect={false}
              {...form.getInputProps('preferred_communication')}
            />
          </SimpleGrid>
          <Textarea label={TEXT.notes} autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {TEXT.cancel}
            </Button>
            <Button type="submit" loading={createClient.isPending}>
              {TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
