import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

export const TWO_STEP_TEXT = {
  title: 'Two-step sign-in',
  codeHint: 'Enter the 6-digit code from your authenticator app.',
  codeLabel: 'Authentication code',
  codeFormat: 'Enter the 6 digits your app shows.',
  recoveryHint: 'Enter one of the recovery codes you saved when you turned on two-step sign-in. Each works once.',
  recoveryLabel: 'Recovery code',
  recoveryRequired: 'Enter a recovery code.',
  useRecovery: 'Use a recovery code',
  useApp: 'Use the authenticator app instead',
  verify: 'Verify',
  back: 'Back',
};

export interface SecondFactor {
  totpCode?: string;
  recoveryCode?: string;
}

/** The sign-in's second step: the app's 6-digit code, or one recovery code. */
export function TwoStepForm({ pending, onSubmit, onBack }: { pending: boolean; onSubmit: (f: SecondFactor) => void; onBack: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: {
      code: (v) => {
        const code = v.trim();
        if (recovery) return code ? null : TWO_STEP_TEXT.recoveryRequired;
        return /^\d{6}$/.test(code) ? null : TWO_STEP_TEXT.codeFormat;
      },
    },
  });
  const submit = form.onSubmit((v) => {
    onSubmit(recovery ? { recoveryCode: v.code.trim() } : { totpCode: v.code.trim() });
  });
  const toggle = () => {
    setRecovery(!recovery);
    form.reset();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text fw={600}>{TWO_STEP_TEXT.title}</Text>
        <Text size="sm" c="dimmed">
          {recovery ? TWO_STEP_TEXT.recoveryHint : TWO_STEP_TEXT.codeHint}
        </Text>
        {recovery ? (
          <TextInput key="recovery" label={TWO_STEP_TEXT.recoveryLabel} required autoComplete="off" autoCapitalize="characters" spellCheck={false} data-autofocus {...form.getInputProps('code')} />
        ) : (
          <TextInput
            key="totp"
            label={TWO_STEP_TEXT.codeLabel}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-autofocus
            {...form.getInputProps('code')}
          />
        )}
        <Button type="submit" loading={pending} fullWidth>
          {TWO_STEP_TEXT.verify}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {TWO_STEP_TEXT.back}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={toggle}>
            {recovery ? TWO_STEP_TEXT.useApp : TWO_STEP_TEXT.useRecovery}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
