import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessageOr } from '@/api/errorText';
import { PasswordField } from '@/components/PasswordField';
import { digitsOnly, resetPasswordRules, type ResetPasswordValues } from '@/lib/validation';
import { AuthCard } from './AuthCard';
import { Notice } from './Notice';
import { prefetchOnUse, useChangePassword, useRequestPasswordReset } from './queries';

export const RESET_TEXT = {
  title: 'Reset Password',
  subtitle: (email: string) => `Enter the 6-digit code sent to ${email} and choose a new password.`,
  missingEmail: 'Email address is missing. Please try again.',
  code: 'Reset Code',
  password: 'New Password',
  confirm: 'Confirm Password',
  submit: 'Reset Password',
  noCode: "Didn't get the code?",
  resend: 'Resend code',
  back: 'Back to Sign In',
  success: 'Password has been reset successfully',
  failure: 'Failed to reset password. Please check your code and try again.',
  resent: 'New reset code sent to your email',
  resendFailed: 'Failed to resend code. Please try again later.',
};

/** The e-mail arrives as navigation state from /forgot-password, never in the URL. */
function emailFrom(state: unknown): string {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string') return state.email;
  return '';
}

export function VerifyResetCodePage() {
  const location = useLocation();
  const email = emailFrom(location.state);
  const navigate = useNavigate();
  const change = useChangePassword();
  const resend = useRequestPasswordReset();
  const form = useForm<ResetPasswordValues>({
    initialValues: { code: '', password: '', confirmPassword: '' },
    validate: resetPasswordRules,
  });

  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    if (!email) notifications.show({ id: 'reset-email-missing', color: 'red', message: RESET_TEXT.missingEmail });
  }, [email]);
  if (!email) return <Navigate to="/forgot-password" replace />;

  const submit = form.onSubmit((values) => {
    change.mutate(
      { email, code: values.code, password: values.password },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: RESET_TEXT.success });
          void navigate('/login', { replace: true });
        },
        onError: (err) => {
          // The server's reason says what to do: fix the code, request a
          // new one, or wait.
          const reason = errorMessageOr(err, RESET_TEXT.failure);
          setReason(reason);
          notifications.show({ color: 'red', message: reason });
        },
      },
    );
  });

  const codeProps = form.getInputProps('code');
  return (
    <AuthCard title={RESET_TEXT.title} subtitle={RESET_TEXT.subtitle(email)}>
      <form onSubmit={submit} noValidate {...prefetchOnUse}>
        <Stack>
          {reason && (
            <Notice color="red" role="alert">
              {reason}
            </Notice>
          )}
          <TextInput
            label={RESET_TEXT.code}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            placeholder="123456"
            {...codeProps}
            onChange={(e) => {
              form.setFieldValue('code', digitsOnly(e.currentTarget.value));
            }}
          />
          <PasswordField label={RESET_TEXT.password} required autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordField
            label={RESET_TEXT.confirm}
            required
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" loading={change.isPending} fullWidth>
            {RESET_TEXT.submit}
          </Button>
          <Group justify="space-between">
            <Text size="sm">
              {RESET_TEXT.noCode}{' '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                disabled={resend.isPending}
                onClick={() => {
                  resend.mutate(email, {
                    onSuccess: () => {
                      setReason(null);
                      form.setFieldValue('code', '');
                      notifications.show({ color: 'green', message: RESET_TEXT.resent });
                    },
                    onError: (err) => notifications.show({ color: 'red', message: errorMessageOr(err, RESET_TEXT.resendFailed) }),
                  });
                }}
              >
                {RESET_TEXT.resend}
              </Anchor>
            </Text>
            <Anchor component={Link} to="/login" size="sm">
              {RESET_TEXT.back}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
