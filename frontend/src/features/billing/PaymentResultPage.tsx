import { Button, Container, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paymentReference } from '@/lib/validation';
import { useVerifyPayment } from './queries';

export const PAYMENT_TEXT = {
  verifying: 'Verifying your payment...',
  verifyingHint: 'Please wait while we confirm your payment.',
  successTitle: 'Payment Successful!',
  success: 'Payment successful! Your subscription is now active.',
  continue: 'Continue to Dashboard',
  failedTitle: 'Payment Failed',
  failed: 'Payment verification failed. Please contact support.',
  requestFailed: 'Failed to verify payment. Please contact support.',
  home: 'Return to Home',
};

type Outcome = { kind: 'verifying' } | { kind: 'success'; message: string } | { kind: 'failed'; message: string };

/** /success: verifies the payment named by `reference` (or `trxref`). */
export function PaymentResultPage() {
  const [params] = useSearchParams();
  const ref = paymentReference(params);
  const reference = 'reference' in ref ? ref.reference : null;
  const verification = useVerifyPayment(reference);

  let outcome: Outcome;
  if ('error' in ref) outcome = { kind: 'failed', message: ref.error };
  else if (verification.isPending) outcome = { kind: 'verifying' };
  else if (verification.isError) outcome = { kind: 'failed', message: PAYMENT_TEXT.requestFailed };
  else if (verification.data.success) outcome = { kind: 'success', message: PAYMENT_TEXT.success };
  else outcome = { kind: 'failed', message: verification.data.message || PAYMENT_TEXT.failed };

  const toast = outcome.kind === 'verifying' ? null : `${outcome.kind}:${outcome.message}`;
  useEffect(() => {
    if (!toast) return;
    const [kind, ...rest] = toast.split(':');
    notifications.show({ id: 'payment-result', color: kind === 'success' ? 'green' : 'red', message: rest.join(':') });
  }, [toast]);

  return (
    <Container size={480} py={48} px="sm">
      <Paper withBorder shadow="sm" p="xl">
        <Stack align="center" ta="center" role="status">
          {outcome.kind === 'verifying' ? (
            <>
              <Loader aria-hidden />
              <Title order={1} size="h3">
                {PAYMENT_TEXT.verifying}
              </Title>
              <Text c="dimmed">{PAYMENT_TEXT.verifyingHint}</Text>
            </>
          ) : outcome.kind === 'success' ? (
            <>
              <ThemeIcon size={56} radius="xl" color="green">
                <IconCheck size={32} aria-hidden />
              </ThemeIcon>
              <Title order={1} size="h2">
                {PAYMENT_TEXT.successTitle}
              </Title>
              <Text>{outcome.message}</Text>
              <Button component={Link} to="/dashboard">
                {PAYMENT_TEXT.continue}
              </Button>
            </>
          ) : (
            <>
              <ThemeIcon size={56} radius="xl" color="red">
                <IconX size={32} aria-hidden />
              </ThemeIcon>
              <Title order={1} size="h2">
                {PAYMENT_TEXT.failedTitle}
              </Title>
              <Text>{outcome.message}</Text>
              <Button component={Link} to="/" variant="light">
                {PAYMENT_TEXT.home}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
