import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useField } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOr } from '@/api/errorText';
import { useSession } from '@/app/session/SessionProvider';
import { afterSignIn } from '@/app/session/user';
import { EmailInput } from '@/components/EmailInput';
import { PageLoader } from '@/components/PageLoader';
import { PasswordField } from '@/components/PasswordField';
import { validateEmail, validatePassword, type LoginValues } from '@/lib/validation';
import { useTypedAhead } from '@/lib/typedAhead';
import { useHydrated } from '@/lib/useHydrated';
import { AuthCard } from './AuthCard';
import { Notice } from './Notice';
import { prefetchOnUse, useLogin, type LoginAttempt } from './queries';
import type { SecondFactor } from './TwoStepForm';

/** The second step, for the few accounts with two-step sign-in: loaded when one asks for it. */
const TwoStepForm = lazy(() => import('./TwoStepForm').then((m) => ({ default: m.TwoStepForm })));

export const DEMO_CREDENTIALS: LoginValues = { email: 'demo@kesi.app', password: 'kesi-demo' };

export const LOGIN_TEXT = {
  title: 'Welcome Back',
  subtitle: 'Sign in to your Kesi account',
  demoTitle: 'Demo Access',
  demoSubtitle: 'Explore Kesi with a demo account. Demo data is reset regularly.',
  demoNotice: 'The demo credentials are filled in for you.',
  email: 'Email',
  password: 'Password',
  submit: 'Sign In',
  forgot: 'Forgot password?',
  noAccount: "Don't have an account?",
  register: 'Sign up',
  success: 'Login successful!',
  failure: 'Login failed. Please try again.',
};

export function LoginPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const demo = params.get('demo') === 'true';
  const session = useSession();
  const navigate = useNavigate();
  const arrived = useLocation().state as { from?: unknown; email?: unknown } | null;
  const from = arrived?.from;
  const login = useLogin();
  // Set once the password was right and two-step sign-in asks for a code.
  const [twoStep, setTwoStep] = useState<LoginValues | null>(null);
  // Two fields, so two useField hooks rather than useForm: useForm brings its list and path
  // helpers (6 KB gzip), which kept /login over issue 17's 150 KB.
  const email = useField({
    // Just registered: the new account's e-mail is filled in.
    initialValue: demo ? DEMO_CREDENTIALS.email : typeof arrived?.email === 'string' ? arrived.email : '',
    validate: validateEmail,
  });
  const password = useField({ initialValue: demo ? DEMO_CREDENTIALS.password : '', validate: validatePassword });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedAhead(formRef, (name, value) => {
    if (demo) return; // the demo's credentials are filled in and fixed
    if (name === 'email') email.setValue(value);
    if (name === 'password') password.setValue(value);
  });

  // A stored session is checked with the server; a confirmed one goes straight in.
  if (!login.isPending && !(login.isSuccess && login.data) && session.user) {
    if (session.verifying || session.checkedAt === 0) return <PageLoader />;
    return <Navigate to={afterSignIn(session.user, from)} replace />;
  }

  const attempt = (values: LoginAttempt) => {
    login.mutate(values, {
      onSuccess: (user) => {
        if (!user) {
          setTwoStep({ email: values.email, password: values.password });
          return;
        }
        notifications.show({ color: 'green', message: LOGIN_TEXT.success });
        void navigate(afterSignIn(user, from), { replace: true });
      },
      onError: (err) => {
        notifications.show({ color: 'red', message: errorMessageOr(err, LOGIN_TEXT.failure) });
      },
    });
  };
  const submit = async () => {
    // Both fields show their errors at once, as a form's validation does.
    const errors = await Promise.all([email.validate(), password.validate()]);
    if (errors.some(Boolean)) return;
    attempt(demo ? DEMO_CREDENTIALS : { email: email.getValue(), password: password.getValue() });
  };

  if (twoStep) {
    return (
      <AuthCard title={LOGIN_TEXT.title} subtitle={twoStep.email}>
        <Suspense fallback={<PageLoader />}>
          <TwoStepForm
            pending={login.isPending}
            onSubmit={(f: SecondFactor) => {
              attempt({ ...twoStep, ...f });
            }}
            onBack={() => {
              setTwoStep(null);
              login.reset();
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={demo ? LOGIN_TEXT.demoTitle : LOGIN_TEXT.title} subtitle={demo ? LOGIN_TEXT.demoSubtitle : LOGIN_TEXT.subtitle}>
      {demo && <Notice color="blue">{LOGIN_TEXT.demoNotice}</Notice>}
      <form
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
        {...prefetchOnUse}
      >
        <Stack>
          <EmailInput label={LOGIN_TEXT.email} name="email" required disabled={demo} {...email.getInputProps()} />
          <PasswordField
            label={LOGIN_TEXT.password}
            name="password"
            required
            disabled={demo}
            autoComplete="current-password"
            {...password.getInputProps()}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {LOGIN_TEXT.forgot}
            </Anchor>
          </Group>
          <Button type="submit" loading={!hydrated || login.isPending} fullWidth>
            {LOGIN_TEXT.submit}
          </Button>
          <Text size="sm" ta="center">
            {LOGIN_TEXT.noAccount}{' '}
            {/* An invitee sent here from a join link signs up and still lands on it. */}
            <Anchor component={Link} to="/register" state={from === undefined ? undefined : { from }}>
              {LOGIN_TEXT.register}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
