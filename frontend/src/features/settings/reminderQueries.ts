import { create } from '@bufbuild/protobuf';
import { createClient, type Transport } from '@connectrpc/connect';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReminderService, ReminderSettingsSchema, type ReminderSettings } from '@gen/kesi/v1/reminder_pb';
import { useTransport } from '@/api/connect';
import { settingsKeys } from './queries';

export const reminderKeys = {
  settings: () => [...settingsKeys.all, 'reminders'] as const,
  history: () => [...settingsKeys.all, 'reminder-history'] as const,
  feed: () => [...settingsKeys.all, 'calendar-feed'] as const,
};

const reminderClient = (t: Transport) => createClient(ReminderService, t);

/** Reminders belong to subscribed lawyers and moderators (the server's policy). */
export function hasReminders(role: string): boolean {
  return role === 'lawyer' || role === 'moderator';
}

export type ReminderValues = Pick<
  ReminderSettings,
  'email' | 'sms' | 'whatsapp' | 'eveningDigest' | 'eveningTime' | 'morningDigest' | 'morningTime'
>;

export function useReminderSettings(enabled = true) {
  const transport = useTransport();
  return useQuery({
    queryKey: reminderKeys.settings(),
    enabled,
    queryFn: async ({ signal }) => {
      const { settings } = await reminderClient(transport).getReminderSettings({}, { signal });
      return settings ?? create(ReminderSettingsSchema, {});
    },
  });
}

export function useUpdateReminderSettings() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ReminderValues) => {
      const { settings } = await reminderClient(transport).updateReminderSettings({
        settings: create(ReminderSettingsSchema, values),
      });
      return settings;
    },
    onSuccess: (settings) => {
      if (settings) queryClient.setQueryData(reminderKeys.settings(), settings);
    },
  });
}

export function useStartPhoneVerification() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => reminderClient(transport).startPhoneVerification({}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.history() }),
  });
}

export function useConfirmPhoneVerification() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await reminderClient(transport).confirmPhoneVerification({ code })).settings,
    onSuccess: (settings) => {
      if (settings) queryClient.setQueryData(reminderKeys.settings(), settings);
    },
  });
}

export const HISTORY_PAGE_SIZE = 10;

export function useReminderHistory() {
  const transport = useTransport();
  return useInfiniteQuery({
    queryKey: reminderKeys.history(),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      reminderClient(transport).listReminders({ pageSize: HISTORY_PAGE_SIZE, pageToken: pageParam }, { signal }),
    getNextPageParam: (last) => last.nextPageToken || undefined,
  });
}

export function useCalendarFeed(enabled: boolean) {
  const transport = useTransport();
  return useQuery({
    queryKey: reminderKeys.feed(),
    enabled,
    queryFn: async ({ signal }) => (await reminderClient(transport).getCalendarFeed({}, { signal })).url,
  });
}

export function useResetCalendarFeed() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await reminderClient(transport).resetCalendarFeed({})).url,
    onSuccess: (url) => queryClient.setQueryData(reminderKeys.feed(), url),
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
