import { Alert, Anchor, Button, Card, Code, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { KIOSK_URL } from '@/components/cases/NewCaseDialog';

/** Where `make build` puts the packaged extension in the binary (backend/internal/web). */
export const EXTENSION_ZIP = '/downloads/kesi-extension.zip';

/** The default address the extension sends matters to; another Kesi is set in its Options. */
const DEFAULT_KESI = 'https://kesi.app';

export const INSTALL_TEXT = {
  title: 'Install the browser extension',
  intro:
    'Until the extension is in the Chrome and Edge stores, install it from Kesi. It takes about two minutes, on a computer with Google Chrome or Microsoft Edge.',
  phone: 'Browser extensions install on a computer only. Open Kesi in Chrome or Edge on your computer to import from the e-filing portal.',
  download: 'Download the extension (kesi-extension.zip)',
  steps: [
    'Download the extension and unzip it into a folder you keep (for example Documents\\Kesi extension). Do not delete the folder afterwards: the browser loads the extension from it.',
    'Open the extensions page: type chrome://extensions in Chrome’s address bar, or edge://extensions in Edge.',
    'Turn on Developer mode (top right in Chrome, on the left in Edge).',
    'Click Load unpacked and choose the unzipped folder (the one that holds manifest.json).',
    'Pin Kesi: click the puzzle-piece icon next to the address bar, then the pin beside Kesi.',
  ],
  otherServer: 'This Kesi is not at https://kesi.app: right-click the Kesi icon, choose Options, set the Kesi address to this one and Save:',
  connectTitle: 'Then connect it to your account',
  connect: [
    'Click the Kesi icon and choose Connect to Kesi. This page opens again and asks you to approve: click Connect.',
    'Open the e-filing portal, sign in and go to your cases; click the Kesi icon, check the matters it found and click Import.',
  ],
  portal: 'Open the e-filing portal',
};

/** /connect-extension opened without the extension: the download and the steps to install it. */
export function InstallExtension() {
  const origin = window.location.origin;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="install-extension">
      <Stack gap="md">
        <Title order={2} size="h3">
          {INSTALL_TEXT.title}
        </Title>
        <Alert color="blue" hiddenFrom="sm">
          {INSTALL_TEXT.phone}
        </Alert>
        <Text>{INSTALL_TEXT.intro}</Text>
        <div>
          <Button
            component="a"
            href={EXTENSION_ZIP}
            download
            leftSection={<IconDownload size={18} aria-hidden />}
            color="blue.8"
            h="auto"
            py={8}
            maw="100%"
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            {INSTALL_TEXT.download}
          </Button>
        </div>
        <List type="ordered" spacing="xs">
          {INSTALL_TEXT.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
          {origin !== DEFAULT_KESI ? (
            <List.Item>
              {INSTALL_TEXT.otherServer} <Code>{origin}</Code>
            </List.Item>
          ) : null}
        </List>
        <Title order={3} size="h4">
          {INSTALL_TEXT.connectTitle}
        </Title>
        <List type="ordered" spacing="xs">
          {INSTALL_TEXT.connect.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Anchor href={KIOSK_URL} target="_blank" rel="noopener noreferrer">
          {INSTALL_TEXT.portal}
        </Anchor>
      </Stack>
    </Card>
  );
}
