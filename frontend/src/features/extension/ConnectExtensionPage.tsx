import { Alert, Button, Card, Container, List, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '@/api/errors';
import { connectionName, handToExtension, listenForExtension, readNonce } from './bridge';
import { ExtensionConnections } from './ExtensionConnections';
import { InstallExtension } from './InstallExtension';
import { useCreateExtensionToken, useRevokeExtensionToken } from './queries';

export const TEXT = {
  title: 'Connect the Kesi extension',
  intro: "The Kesi browser extension imports the matters you handle on the Judiciary's e-filing portal into your cases.",
  may: 'The extension will be able to:',
  mayItems: ['Import the matters listed on the e-filing portal into your cases', 'Read the result of each import'],
  mayNot: 'It will not be able to:',
  mayNotItems: ['See or change your cases, clients or documents', 'Reach your subscription, payments or account details'],
  revocable: 'You can disconnect it at any time below or in Settings > Integrations.',
  connect: 'Connect',
  waiting: 'Waiting for the extension...',
  noNonce: 'Already installed? Open this page from the extension: click the Kesi icon in your browser and choose Connect to Kesi.',
  connected: 'The extension is connected. You can close this tab and import your matters from the e-filing portal.',
  connectedTitle: 'Connected',
  failedTitle: 'The extension was not connected',
  tryAgain: 'Close this tab and connect again from the extension.',
};

type State = { step: 'idle' } | { step: 'connected' } | { step: 'failed'; message: string };

/** /connect-extension: issues the extension's scoped token and hands it to the extension only. */
export function ConnectExtensionPage() {
  const { hash } = useLocation();
  const [nonce] = useState(() => readNonce(hash));
  const [extensionReady, setExtensionReady] = useState(false);
  const [state, setState] = useState<State>({ step: 'idle' });
  const create = useCreateExtensionToken();
  const revoke = useRevokeExtensionToken();

  useEffect(() => {
    if (!nonce) return;
    return listenForExtension(window, () => { setExtensionReady(true); });
  }, [nonce]);

  const connect = async () => {
    let created: Awaited<ReturnType<typeof create.mutateAsync>>;
    try {
      created = await create.mutateAsync(connectionName());
    } catch (err) {
      setState({ step: 'failed', message: errorMessage(err) });
      return;
    }
    try {
      await handToExtension(window, nonce, created.token);
      setState({ step: 'connected' });
    } catch (err) {
      // A token the extension did not keep must not stay valid.
      if (created.extensionToken) revoke.mutate(created.extensionToken.id);
      setState({ step: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Title order={1}>{TEXT.title}</Title>
        {/* Opened from Kesi rather than from the extension: it may not be installed yet. */}
        {!nonce ? <InstallExtension /> : null}
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Text>{TEXT.intro}</Text>
            <div>
              <Text fw={600}>{TEXT.may}</Text>
              <List size="sm">
                {TEXT.mayItems.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </div>
            <div>
              <Text fw={600}>{TEXT.mayNot}</Text>
              <List size="sm">
                {TEXT.mayNotItems.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </div>
            <Text size="sm" c="gray.7">
              {TEXT.revocable}
            </Text>
            {!nonce ? (
              <Alert color="blue">{TEXT.noNonce}</Alert>
            ) : state.step === 'connected' ? (
              <Alert color="green" title={TEXT.connectedTitle} role="status">
                {TEXT.connected}
              </Alert>
            ) : state.step === 'failed' ? (
              <Alert color="red" title={TEXT.failedTitle} role="alert">
                {state.message} {TEXT.tryAgain}
              </Alert>
            ) : (
              <Button
                onClick={() => void connect()}
                disabled={!extensionReady}
                loading={create.isPending}
                fullWidth
                color="blue.8"
                aria-describedby={extensionReady ? undefined : 'extension-waiting'}
              >
                {TEXT.connect}
              </Button>
            )}
            {nonce && !extensionReady && state.step === 'idle' ? (
              <Text id="extension-waiting" size="sm" c="gray.7" role="status">
                {TEXT.waiting}
              </Text>
            ) : null}
          </Stack>
        </Card>
        <ExtensionConnections />
      </Stack>
    </Container>
  );
}
