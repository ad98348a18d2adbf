import { describe, expect, it } from 'vitest';
import { kenyanDigits, mailtoHref, telHref, whatsAppHref } from './contact';

describe('contact links', () => {
  it('writes every way a Kenyan number is typed as 254 and nine digits', () => {
    for (const typed of ['0712345678', '0712 345 678', '+254 712 345 678', '254712345678', '712345678', '+254 (0)712-345-678']) {
      expect(kenyanDigits(typed)).toBe('254712345678');
    }
    expect(kenyanDigits('0110 123 456')).toBe('254110123456');
  });

  it('links a phone to a call and to WhatsApp, and an e-mail to mail', () => {
    expect(telHref('0712 345 678')).toBe('tel:+254712345678');
    expect(whatsAppHref('0712 345 678')).toBe('https://wa.me/254712345678');
    expect(whatsAppHref('+254 110 123 456')).toBe('https://wa.me/254110123456');
    expect(mailtoHref(' wanjiru@example.co.ke ')).toBe('mailto:wanjiru@example.co.ke');
  });

  it('keeps other numbers as typed and gives no link without one', () => {
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(whatsAppHref('+44 20 7946 0958')).toBe('https://wa.me/442079460958');
    expect(telHref('')).toBe('');
    expect(whatsAppHref(' - ')).toBe('');
    expect(mailtoHref('')).toBe('');
  });
});
