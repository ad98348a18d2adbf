import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOr, refusedField } from '@/api/errorText';
import { useSessionStore } from '@/app/session/SessionProvider';
import { EmailInput } from '@/components/EmailInput';
import { PasswordField } from '@/components/PasswordField';
import { focusFirstInvalid } from '@/lib/focusInvalid';
import { registerRules, type RegisterValues } from '@/lib/validation';
import { useTypedAhead } from '@/lib/typedAhead';
import { useHydrated } from '@/lib/useHydrated';
import { AuthCard } from './AuthCard';
import { Notice } from './Notice';
import { prefetchOnUse, useRegister } from './queries';

export const REGISTER_TEXT = {
  title: 'Create Your Account',
  subtitle: 'Start managing your court cases with Kesi',
  affiliateTitle: 'Join Our Affiliate Program',
  affiliateSubtitle: 'Earn KSh 450 every month for each customer you refer, for as long as they stay.',
  affiliateNotice: 'You are registering as an affiliate. You will get your own affiliate link and dashboard.',
  referralNotice: (code: string) => `You were referred by an affiliate (code ${code}).`,
  name: 'Full Name',
  email: 'Email',
  phone: 'Phone Number',
  password: 'Password',
  confirm: 'Confirm Password',
  submit: 'Create Account',
  affiliateSubmit: 'Join as Affiliate',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  success: 'Registration successful! Please log in.',
  affiliateSuccess: 'Affiliate registration successful! Please login to access your dashboard.',
  failure: 'Registration failed. Please try again.',
};

/** The fields a person types into; role and the referral code come from the address. */
const TYPED_FIELDS = ['name', 'email', 'phone_number', 'password', 'confirmPassword'] as const satisfies (keyof RegisterValues)[];
const isTypedField = (name: string): name is (typeof TYPED_FIELDS)[number] => (TYPED_FIELDS as readonly string[]).includes(name);
/** The registration request's field names where they differ from the form's. */
const SERVER_FIELDS: Record<string, string> = { fullname: 'name' };

export function RegisterPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const role = params.get('role') === 'affiliate' ? 'affiliate' : '';
  const referralCode = params.get('ref')?.trim() ?? '';
  const affiliate = role === 'affiliate';
  const navigate = useNavigate();
  // Where the sign-in page was asked for (a firm's join link): kept through sign-up and sign-in.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const register = useRegister();
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const form = useForm<RegisterValues>({
    initialValues: { name: '', email: '', phone_number: '', password: '', confirmPassword: '', role, referralCode },
    validate: registerRules,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedAhead(formRef, (name, value) => {
    if (isTypedField(name)) form.setFieldValue(name, value);
  });

  const submit = form.onSubmit((values) => {
    register.mutate(
      { ...values, role, referralCode },
      {
        onSuccess: (message) => {
          // The server ended the session this came from (the demo's Upgrade to Real Account):
          // forget it here too, and sign the new account in with its e-mail filled in.
          if (session.getState().user) {
            session.clear();
            queryClient.clear();
          }
          notifications.show({
            color: 'green',
            message: affiliate ? REGISTER_TEXT.affiliateSuccess : message || REGISTER_TEXT.success,
          });
          void navigate('/login', { state: { email: values.email, from } });
        },
        onError: (err) => {
          // A refusal of one field (a password guessable from the e-mail, say) goes under it.
          const server = refusedField(err);
          const field = server && (SERVER_FIELDS[server] ?? server);
          const message = errorMessageOr(err, REGISTER_TEXT.failure);
          if (field && isTypedField(field)) {
            form.setFieldError(field, message);
            focusFirstInvalid();
          } else {
            notifications.show({ color: 'red', message });
          }
        },
      },
    );
  }, focusFirstInvalid);

  return (
    <AuthCard
      title={affiliate ? REGISTER_TEXT.affiliateTitle : REGISTER_TEXT.title}
      subtitle={affiliate ? REGISTER_TEXT.affiliateSubtitle : REGISTER_TEXT.subtitle}
    >
      {affiliate && <Notice color="teal">{REGISTER_TEXT.affiliateNotice}</Notice>}
      {!affiliate && referralCode && <Notice color="blue">{REGISTER_TEXT.referralNotice(referralCode)}</Notice>}
      <form ref={formRef} onSubmit={submit} noValidate {...prefetchOnUse}>
        <Stack>
          <input type="hidden" name="role" value={role} />
          <input type="hidden" name="referralCode" value={referralCode} />
          <TextInput label={REGISTER_TEXT.name} name="name" required autoComplete="name" {...form.getInputProps('name')} />
          <EmailInput label={REGISTER_TEXT.email} name="email" required {...form.getInputProps('email')} />
          <TextInput
            label={REGISTER_TEXT.phone}
            name="phone_number"
            required
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            {...form.getInputProps('phone_number')}
          />
          <PasswordField
            label={REGISTER_TEXT.password}
            name="password"
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={REGISTER_TEXT.confirm}
            name="confirmPassword"
            required
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" loading={!hydrated || register.isPending} fullWidth>
            {affiliate ? REGISTER_TEXT.affiliateSubmit : REGISTER_TEXT.submit}
          </Button>
          <Text size="sm" ta="center">
            {REGISTER_TEXT.haveAccount}{' '}
            <Anchor component={Link} to="/login" state={from === undefined ? undefined : { from }}>
              {REGISTER_TEXT.signIn}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
