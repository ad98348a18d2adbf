import { create } from '@bufbuild/protobuf';
import { callUnaryMethod, useInfiniteQuery, useQuery } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  GetCalendarFeedResponseSchema,
  GetReminderSettingsResponseSchema,
  ReminderService,
  ReminderSettingsSchema,
  type GetCalendarFeedResponse,
  type GetReminderSettingsResponse,
  type ReminderSettings,
} from '@gen/kesi/v1/reminder_pb';
import { useTransport } from '@/api/connect';
import { pagedCallKey, setCallData } from '@/api/keys';

/** Reminders belong to subscribed lawyers and moderators (the server's policy). */
export function hasReminders(role: string): boolean {
  return role === 'lawyer' || role === 'moderator';
}

export type ReminderValues = Pick<
  ReminderSettings,
  'email' | 'sms' | 'whatsapp' | 'eveningDigest' | 'eveningTime' | 'morningDigest' | 'morningTime'
>;

const m = ReminderService.method;
const settingsOf = (r: GetReminderSettingsResponse): ReminderSettings => r.settings ?? create(ReminderSettingsSchema, {});
const feedOf = (r: GetCalendarFeedResponse) => r.url;

export function useReminderSettings(enabled = true) {
  return useQuery(m.getReminderSettings, {}, { select: settingsOf, enabled });
}

/** The answer's settings become the cached settings. */
function useSetSettings() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return (settings: ReminderSettings | undefined) => {
    if (settings) setCallData(queryClient, m.getReminderSettings, {}, create(GetReminderSettingsResponseSchema, { settings }), transport);
  };
}

/**
 * What the Notifications tab's Save sends to the reminders, or undefined for nothing. WhatsApp on is
 * sent even when unchanged: the switch is on by default (SPEC.md), and saving with it on is the
 * advocate's opt-in, which the server records once and waits for before any WhatsApp message.
 */
export function remindersOnSave(current: ReminderSettings | undefined, whatsapp: boolean): ReminderSettings | undefined {
  if (!current || (!whatsapp && !current.whatsapp)) return undefined;
  return { ...current, whatsapp };
}

/**
 * Whether WhatsApp reminders wait for a save: the switch shows on (its default, or just turned on)
 * while no opt-in is on record, and until one is, nothing goes on WhatsApp.
 */
export function whatsAppWaitsForSave(current: ReminderSettings | undefined, on: boolean): boolean {
  return current !== undefined && on && !current.whatsappOptIn;
}

export function useUpdateReminderSettings() {
  const transport = useTransport();
  const setSettings = useSetSettings();
  return useMutation({
    mutationFn: async (values: ReminderValues) =>
      (await callUnaryMethod(transport, m.updateReminderSettings, { settings: create(ReminderSettingsSchema, values) })).settings,
    onSuccess: setSettings,
  });
}

/** Sends the code by SMS; the code's message shows in the reminder history. */
export function useStartPhoneVerification() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => callUnaryMethod(transport, m.startPhoneVerification, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pagedCallKey(m.listReminders, transport) }),
  });
}

export function useConfirmPhoneVerification() {
  const transport = useTransport();
  const setSettings = useSetSettings();
  return useMutation({
    mutationFn: async (code: string) => (await callUnaryMethod(transport, m.confirmPhoneVerification, { code })).settings,
    onSuccess: setSettings,
  });
}

export const HISTORY_PAGE_SIZE = 10;

export function useReminderHistory() {
  return useInfiniteQuery(
    m.listReminders,
    { pageSize: HISTORY_PAGE_SIZE, pageToken: '' },
    { pageParamKey: 'pageToken', getNextPageParam: (last) => last.nextPageToken || undefined },
  );
}

export function useCalendarFeed(enabled: boolean) {
  return useQuery(m.getCalendarFeed, {}, { select: feedOf, enabled });
}

/** A new feed address; the answer becomes the cached feed. */
export function useResetCalendarFeed() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callUnaryMethod(transport, m.resetCalendarFeed, {})).url,
    onSuccess: (url) => {
      setCallData(queryClient, m.getCalendarFeed, {}, create(GetCalendarFeedResponseSchema, { url }), transport);
    },
  });
}

/** A subscription link: Google and Outlook both take a webcal:// or https:// feed. */
export function googleCalendarLink(feedURL: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(feedURL.replace(/^https?:/, 'webcal:'))}`;
}

export function outlookLink(feedURL: string): string {
  return `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(feedURL)}&name=${encodeURIComponent('Kesi court diary')}`;
}

const CHANNEL_NAMES: Record<string, string> = { email: 'e-mail', sms: 'SMS', whatsapp: 'WhatsApp' };
const STATUS_NAMES: Record<string, string> = {
  pending: 'waiting to be sent',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

/** "Sent 18:30 by WhatsApp, delivered", in Nairobi time. */
export function describeReminder(r: { channel: string; status: string; createdAt?: { seconds: bigint }; sentAt?: { seconds: bigint } }): string {
  const at = r.sentAt ?? r.createdAt;
  const when = at
    ? new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false }).format(
        new Date(Number(at.seconds) * 1000),
      )
    : '';
  const verb = r.sentAt ? 'Sent' : 'Queued';
  const status = r.status === 'sent' ? '' : `, ${STATUS_NAMES[r.status] ?? r.status}`;
  return `${verb} ${when} by ${CHANNEL_NAMES[r.channel] ?? r.channel}${status}`;
}
