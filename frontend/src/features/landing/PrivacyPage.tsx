import { Anchor, Container, List, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export const SUPPORT_EMAIL = 'support@kesi.app';
export const PRIVACY_EMAIL = 'privacy@kesi.app';
export const PRIVACY_UPDATED = 'Last updated 23 November 2026';

const PROCESSORS: [string, string, string][] = [
  ['Paystack', 'Subscription payments by M-Pesa and card', 'Your e-mail address, the amount and the payment reference. Kesi never sees your M-Pesa PIN or card number.'],
  ['Africa’s Talking', 'Reminder SMS, if you turn SMS reminders on', 'Your phone number and the text of each reminder.'],
  ['WhatsApp Cloud API (Meta)', 'WhatsApp reminders, if you turn them on', 'Your phone number and the text of each reminder.'],
  ['Kesi’s mail server', 'Password-reset codes, reminders by e-mail, receipts and notices', 'Your e-mail address and the text of each message.'],
];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /privacy: how Kesi handles personal data, for the whole product (Kenya Data Protection Act 2019). */
export function PrivacyPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Privacy Policy</Title>
          <Text c="dimmed">{PRIVACY_UPDATED}</Text>
        </Stack>
        <Text>
          Kesi is a court-case diary for advocates in Kenya: the web app, its reminders and the Kesi Case Importer
          browser extension. This page says what personal data Kesi holds, why, who helps process it, where it is kept,
          for how long, and how you use your rights under the Data Protection Act 2019. An advocate using Kesi is the
          data controller of their clients’ data; Kesi is their data processor, and the controller of the advocate’s own
          account data.
        </Text>

        <Section title="What we collect, and why">
          <List spacing="xs">
            <List.Item>
              <b>Your account:</b> name, e-mail address, phone number and password (stored only as a salted hash), to sign
              you in and to reach you.
            </List.Item>
            <List.Item>
              <b>Your diary:</b> the cases, sittings, outcomes, notes and clients you enter or import, and the documents you
              upload, because keeping them is the service. Documents are encrypted at rest with a key per file.
            </List.Item>
            <List.Item>
              <b>Your clients’ data:</b> what you record about your clients (names, contacts, ID numbers, notes). You decide
              what to record and you answer to your clients for it; Kesi processes it only on your instructions.
            </List.Item>
            <List.Item>
              <b>Payments:</b> the plan, amount, reference and dates of each payment, to run your subscription and because
              tax law requires the records.
            </List.Item>
            <List.Item>
              <b>Reminders and consents:</b> your reminder choices, the messages sent, and each consent you gave or
              withdrew, with its time.
            </List.Item>
            <List.Item>
              <b>Security records:</b> sign-ins, failed sign-ins, password changes, exports and deletions, with the device’s
              address and browser, to protect your account and to investigate incidents.
            </List.Item>
            <List.Item>
              <b>The browser extension</b> reads the cases shown to you on the Judiciary’s e-filing portal and sends only the
              cases you choose to import to your own account.
            </List.Item>
          </List>
          <Text>We never sell your data, never use it for advertising, and never share it except with the processors below.</Text>
        </Section>

        <Section title="Who processes data for us">
                      {/* Wrapped, never scrolled sideways: a phone reads it whole (and a scrolled region would need the keyboard). */}
            <Table withTableBorder striped layout="fixed" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Processor</Table.Th>
                  <Table.Th>What for</Table.Th>
                  <Table.Th>What it receives</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {PROCESSORS.map(([who, why, what]) => (
                  <Table.Tr key={who}>
                    <Table.Td>{who}</Table.Td>
                    <Table.Td>{why}</Table.Td>
                    <Table.Td>{what}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
                    <Text>SMS and WhatsApp reminders are sent only with your consent, which you can withdraw at any time.</Text>
        </Section>

        <Section title="Where your data is stored">
          <Text>
            Kesi’s database and encrypted document store run on servers operated for Kesi; all traffic to and from Kesi is
            encrypted (HTTPS). Backups are encrypted and kept under the same rules. Meta and Paystack may process the data
            they receive outside Kenya under their own safeguards.
          </Text>
        </Section>

        <Section title="How long we keep it">
          <List spacing="xs">
            <List.Item>Your account and diary: for as long as you keep your account.</List.Item>
            <List.Item>
              After you delete your account: 7 days, in which you can cancel; then everything is erased, documents included,
              except payment records.
            </List.Item>
            <List.Item>Payment records: 5 years, as tax law requires, without your name or e-mail address.</List.Item>
            <List.Item>Reminder messages and security records: while the account exists; erased with it.</List.Item>
          </List>
        </Section>

        <Section title="Your rights, and how to use them in Kesi">
          <List spacing="xs">
            <List.Item>
              <b>Access and portability:</b> Settings → Privacy → <i>Download my data</i> gives you one file with everything,
              documents decrypted.
            </List.Item>
            <List.Item>
              <b>Correction:</b> edit your profile, cases and clients in Kesi at any time.
            </List.Item>
            <List.Item>
              <b>Erasure:</b> Settings → Privacy → <i>Delete my account</i>. A client’s data: open the client and choose{' '}
              <i>Export client data</i> or <i>Delete client</i>.
            </List.Item>
            <List.Item>
              <b>Withdrawing consent and objecting:</b> Settings → Privacy lists your consents, each with <i>Withdraw</i>;
              reply STOP to a reminder SMS.
            </List.Item>
            <List.Item>
              <b>Complaints:</b> write to us first; you may also complain to the Office of the Data Protection Commissioner
              (odpc.go.ke).
            </List.Item>
          </List>
          <Text>We answer written requests within 7 days, and tell you the reason if we cannot do what you ask.</Text>
        </Section>

        <Section title="If something goes wrong">
          <Text>
            If personal data in Kesi is exposed, we tell the advocates affected within 48 hours of learning of it, with what
            happened, what data it touched and what to do, so that they can meet their own duties to their clients and to the
            Data Protection Commissioner.
          </Text>
        </Section>

        <Section title="Contact">
          <Text>
            Privacy questions and requests: <Anchor href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Anchor>. Anything else:{' '}
            <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>. Signed in, your rights are also in{' '}
            <Anchor component={Link} to="/settings?tab=privacy">
              Settings → Privacy
            </Anchor>
            .
          </Text>
        </Section>
      </Stack>
    </Container>
  );
}
