import { Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessageOr } from '@/api/errors';
import { roleLabel, type SessionUser } from '@/app/session/user';
import { EmailInput } from '@/components/EmailInput';
import { putServerErrors } from '@/lib/serverErrors';
import { profileChanges, profileRules, type ProfileValues } from '@/lib/validation';
import { useUpdateProfile } from './queries';

export const PROFILE_TEXT = {
  name: 'Full Name',
  email: 'Email',
  phone: 'Phone Number',
  role: 'Role',
  save: 'Save Changes',
  saved: 'Profile updated successfully',
  failed: 'Failed to update profile. Please try again.',
};

export function ProfileTab({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const saved: ProfileValues = { fullname: user.fullname, phone_number: user.phone_number };
  const form = useForm<ProfileValues & { email: string }>({
    initialValues: { ...saved, email: user.email },
    validate: profileRules,
  });

  const submit = form.onSubmit((values) => {
    const result = profileChanges(saved, values);
    if ('error' in result) {
      notifications.show({ color: 'blue', message: result.error });
      return;
    }
    update.mutate(result.changes, {
      onSuccess: (res) => {
        notifications.show({ color: 'green', message: PROFILE_TEXT.saved });
        form.resetDirty({ fullname: res.user?.fullname ?? values.fullname, phone_number: res.user?.phoneNumber ?? values.phone_number, email: user.email });
      },
      onError: (err) => {
        // A refusal naming a field goes under that field, as the form's own rules do.
        if (!putServerErrors(form, err)) notifications.show({ color: 'red', message: errorMessageOr(err, PROFILE_TEXT.failed) });
      },
    });
  });

  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {PROFILE_TEXT.role}:
            </Text>
            <Badge variant="light">{roleLabel(user.role)}</Badge>
          </Group>
          <TextInput label={PROFILE_TEXT.name} required autoComplete="name" {...form.getInputProps('fullname')} />
          <EmailInput label={PROFILE_TEXT.email} disabled readOnly {...form.getInputProps('email')} />
          <TextInput label={PROFILE_TEXT.phone} type="tel" inputMode="tel" autoComplete="tel" {...form.getInputProps('phone_number')} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {PROFILE_TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
