import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';

export const SUPPORT_EMAIL = 'support@kesi.app';

/** The browser extension's privacy policy (SPEC.md section 2). */
export function PrivacyPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Privacy Policy</Title>
        <Text c="dimmed">Kesi Case Importer browser extension. Last updated: September 12, 2025</Text>
        <Title order={2} size="h3">
          What the extension does
        </Title>
        <Text>
          The extension reads the cases shown to you on the judiciary&apos;s public e-filing kiosk and imports them into
          your Kesi account, at your request.
        </Text>
        <Title order={2} size="h3">
          Your data
        </Title>
        <List spacing="xs">
          <List.Item>We never sell or share your data with anyone.</List.Item>
          <List.Item>All traffic between the extension and Kesi is encrypted.</List.Item>
          <List.Item>The extension only sends the cases you choose to import to your own account.</List.Item>
        </List>
        <Title order={2} size="h3">
          Your choices
        </Title>
        <Text>
          You may uninstall the extension at any time. To have your data deleted, write to support at{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
        </Text>
      </Stack>
    </Container>
  );
}
