import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ReminderSettingsSchema } from '@gen/kesi/v1/reminder_pb';
import { describeReminder, googleCalendarLink, hasReminders, outlookLink, remindersOnSave, whatsAppWaitsForSave } from './reminderQueries';

const at = (iso: string) => ({ seconds: BigInt(Date.parse(iso) / 1000) });

describe('reminders in Settings', () => {
  it('describes a message as the advocate reads it, in Nairobi time', () => {
    expect(describeReminder({ channel: 'whatsapp', status: 'delivered', createdAt: at('2025-01-15T15:30:00Z'), sentAt: at('2025-01-15T15:30:00Z') })).toBe(
      'Sent 15 Jan, 18:30 by WhatsApp, delivered',
    );
    expect(describeReminder({ channel: 'sms', status: 'sent', sentAt: at('2025-01-16T03:30:00Z') })).toBe('Sent 16 Jan, 06:30 by SMS');
    expect(describeReminder({ channel: 'email', status: 'failed', createdAt: at('2025-01-16T03:30:00Z') })).toBe('Queued 16 Jan, 06:30 by e-mail, failed');
  });

  it('subscribes Google Calendar by webcal and Outlook by the https address', () => {
    const feed = 'https://kesi.app/calendar/abc_DEF-123.ics';
    expect(googleCalendarLink(feed)).toBe('https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fkesi.app%2Fcalendar%2Fabc_DEF-123.ics');
    expect(new URL(outlookLink(feed)).searchParams.get('url')).toBe(feed);
  });

  it('opts in to WhatsApp when Notifications is saved with the switch on, even unchanged from its default', () => {
    const onByDefault = create(ReminderSettingsSchema, { email: true, whatsapp: true, eveningTime: '18:30', morningTime: '06:30' });
    expect(remindersOnSave(onByDefault, true)?.whatsapp).toBe(true);
    expect(remindersOnSave(onByDefault, true)?.eveningTime).toBe('18:30');
    expect(remindersOnSave(onByDefault, false)?.whatsapp).toBe(false);
    expect(remindersOnSave({ ...onByDefault, whatsapp: false }, false)).toBeUndefined();
    expect(remindersOnSave(undefined, true)).toBeUndefined();
  });

  it('says WhatsApp waits for a save while the switch is on and no opt-in is on record', () => {
    const onByDefault = create(ReminderSettingsSchema, { whatsapp: true });
    expect(whatsAppWaitsForSave(onByDefault, true)).toBe(true);
    expect(whatsAppWaitsForSave({ ...onByDefault, whatsappOptIn: true }, true)).toBe(false);
    expect(whatsAppWaitsForSave(onByDefault, false)).toBe(false);
    expect(whatsAppWaitsForSave(undefined, true)).toBe(false);
  });

  it('offers reminders to lawyers and moderators only', () => {
    expect(['lawyer', 'moderator', 'demo', 'affiliate', ''].map(hasReminders)).toEqual([true, true, false, false, false]);
  });
});
