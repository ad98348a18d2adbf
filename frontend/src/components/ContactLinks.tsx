import { Anchor, Group } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import { mailtoHref, telHref, whatsAppHref } from '@/lib/contact';

export const CONTACT_TEXT = {
  call: (name: string) => `Call ${name}`,
  whatsApp: (name: string) => `WhatsApp ${name}`,
  mail: (name: string) => `E-mail ${name}`,
  whatsAppLabel: 'WhatsApp',
};

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
        <Anchor href={mail} size={size} aria-label={`${CONTACT_TEXT.mail(name)}: ${email}`} style={{ wordBreak: 'break-word' }}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconMail size={16} aria-hidden />
            {email}
          </Group>
        </Anchor>
      )}
    </Group>
  );
}
