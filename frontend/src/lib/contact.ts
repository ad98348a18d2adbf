/**
 * A Kenyan phone number as the links need it: 0712 345 678, 0110 123 456, +254 712 345 678,
 * 254712345678 and 712345678 all give 254712345678 (wa.me wants the digits, country code first,
 * no plus); tel: takes +254712345678. Anything else (a foreign or short number) keeps its own
 * digits, with a leading + kept for tel:.
 */
export function kenyanDigits(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return '';
  if (/^0[17]\d{8}$/.test(digits)) return `254${digits.slice(1)}`;
  if (/^[17]\d{8}$/.test(digits)) return `254${digits}`;
  if (/^2540[17]\d{8}$/.test(digits)) return `254${digits.slice(4)}`;
  return digits;
}

/** The tel: link of a phone number; '' when it has no digits. */
export function telHref(phone: string): string {
  const digits = kenyanDigits(phone);
  if (!digits) return '';
  const international = digits.startsWith('254') || phone.trim().startsWith('+');
  return `tel:${international ? '+' : ''}${digits}`;
}

/** The WhatsApp chat link of a phone number; '' when it has no digits. */
export function whatsAppHref(phone: string): string {
  const digits = kenyanDigits(phone);
  return digits ? `https://wa.me/${digits}` : '';
}

/** The mailto: link of an e-mail address; '' when there is none. */
export function mailtoHref(email: string): string {
  const e = email.trim();
  return e ? `mailto:${e}` : '';
}
