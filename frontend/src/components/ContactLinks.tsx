import { Anchor, Group } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import { Fragment } from 'react';
import { mailtoHref, telHref, whatsAppHref } from '@/lib/contact';

export const CONTACT_TEXT = {
  call: (name: string) => `Call ${name}`,
  whatsApp: (name: string) => `WhatsApp ${name}`,
  mail: (name: string) => `E-mail ${name}`,
  whatsAppLabel: 'WhatsApp',
};

/**
 * An e-mail address that a narrow screen wraps where a reader expects: after the @ and before
 * a dot (accounts.receivable@ / wanjiruholdings / .co.ke), never inside a word ("co.k" / "e").
 * A part longer than the line still breaks, by the overflow-wrap of its container.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i < email.length; i++) {
    if (email[i - 1] === '@' || email[i] === '.') {
      parts.push(email.slice(start, i));
      start = i;
    }
  }
  parts.push(email.slice(start));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** A client's phone as a call and a WhatsApp link, the e-mail as a mail link: one tap at court. */
export function ContactLinks({ name, phone, email, size = 'sm' }: { name: string; phone: string; email: string; size?: string }) {
  const tel = telHref(phone);
  const wa = whatsAppHref(phone);
  const mail = mailtoHref(email);
  if (!tel && !mail) return null;
  return (
    <Group gap="md" wrap="wrap" data-testid="contact-links">
      {tel && (
        <Anchor href={tel} size={size} aria-label={`${CONTACT_TEXT.call(name)}: ${phone}`}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconPhone size={16} aria-hidden />
            {phone}
          </Group>
        </Anchor>
      )}
      {wa && (
        <Anchor href={wa} target="_blank" rel="noopener noreferrer" size={size} aria-label={CONTACT_TEXT.whatsApp(name)}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconBrandWhatsapp size={16} aria-hidden />
            {CONTACT_TEXT.whatsAppLabel}
          </Group>
        </Anchor>
      )}
      {mail && (
        <Anchor href={mail} size={size} aria-label={`${CONTACT_TEXT.mail(name)}: ${email}`} style={{ overflowWrap: 'anywhere' }}>
          <Group gap={4} wrap="nowrap" component="span">
            {/* A long address must not squeeze the icon to a dot. */}
            <IconMail size={16} aria-hidden style={{ flexShrink: 0 }} />
            <span>
              <BreakableEmail email={email} />
            </span>
          </Group>
        </Anchor>
      )}
    </Group>
  );
}
