import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessageOr } from '@/api/errorText';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmailInput } from '@/components/EmailInput';
import { forgotPasswordRules } from '@/lib/validation';
import { useTypedAhead } from '@/lib/typedAhead';
import { useHydrated } from '@/lib/useHydrated';
import { AuthCard } from './AuthCard';
import { Notice } from './Notice';
import { prefetchOnUse, useRequestPasswordReset } from './queries';

export const FORGOT_TEXT = {
  title: 'Forgot Password',
  subtitle: "Enter your email and we'll send you a 6-digit reset code.",
  email: 'Email',
  submit: 'Send Reset Code',
  back: 'Back to Sign In',
  success: 'Reset code sent to your email',
  failure: 'Failed to send reset code. Please try again later.',
};

export function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const [failed, setFailed] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: forgotPasswordRules });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedAhead(formRef, (name, value) => {
    if (name === 'email') form.setFieldValue('email', value);
  });

  const submit = form.onSubmit(({ email }) => {
    setFailed(null);
    request.mutate(email, {
      onSuccess: (message) => {
        notifications.show({ color: 'green', message: message || FORGOT_TEXT.success });
        void navigate('/verify-reset-code', { state: { email: email.trim() } });
      },
      onError: (err) => {
        // The server's reason when it gave one (e.g. wait N minutes).
        const reason = errorMessageOr(err, FORGOT_TEXT.failure);
        setFailed(reason);
        notifications.show({ color: 'red', message: reason });
      },
    });
  });

  return (
    <AuthCard title={FORGOT_TEXT.title} subtitle={FORGOT_TEXT.subtitle}>
      {failed && <Notice color="red">{failed}</Notice>}
      <form ref={formRef} onSubmit={submit} noValidate {...prefetchOnUse}>
        <Stack>
          <EmailInput label={FORGOT_TEXT.email} name="email" required {...form.getInputProps('email')} />
          <Button type="submit" loading={!hydrated || request.isPending} fullWidth>
            {FORGOT_TEXT.submit}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              {FORGOT_TEXT.back}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
