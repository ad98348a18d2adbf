import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { errorMessageOr } from '@/api/errors';
import { useSessionUser } from '@/app/session/SessionProvider';
import { useAcceptInvitation } from '../queries';

export const JOIN_TEXT = {
  title: 'Join a firm',
  body: (email: string) =>
    `You were invited to a firm's shared diary on Kesi. Joining as ${email}, you will see the cases its members share, and they will see the cases you share.`,
  join: 'Join firm',
  joined: (name: string) => `You are now a member of ${name}.`,
  open: 'Open the firm',
  noCode: 'This link has no invitation code. Open the link from the invitation e-mail again.',
  failed: 'Could not join the firm. Please try again.',
};

/** /firm/join?code=...: the signed-in invitee accepts; the server checks the address and the code. */
export function JoinFirmPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const user = useSessionUser();
  const accept = useAcceptInvitation();
  return (
    <Stack maw={560}>
      <Title order={1} size="h2">
        {JOIN_TEXT.title}
      </Title>
      <Card withBorder>
        <Stack>
          {code === '' ? (
            <Alert color="red" variant="light">
              {JOIN_TEXT.noCode}
            </Alert>
          ) : accept.isSuccess ? (
            <>
              <Alert color="green" variant="light" role="status">
                {JOIN_TEXT.joined(accept.data.firm?.name ?? '')}
              </Alert>
              <Button component={Link} to="/firm">
                {JOIN_TEXT.open}
              </Button>
            </>
          ) : (
            <>
              <Text>{JOIN_TEXT.body(user?.email ?? '')}</Text>
              {accept.error && (
                <Alert color="red" variant="light">
                  {errorMessageOr(accept.error, JOIN_TEXT.failed)}
                </Alert>
              )}
              <Button
                loading={accept.isPending}
                onClick={() => {
                  accept.mutate(code);
                }}
              >
                {JOIN_TEXT.join}
              </Button>
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
