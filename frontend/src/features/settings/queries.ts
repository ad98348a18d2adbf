import { create } from '@bufbuild/protobuf';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NotificationPreferencesSchema } from '@gen/kesi/v1/auth_pb';
import { authClient, useTransport } from '@/api/connect';
import { useSessionStore } from '@/app/session/SessionProvider';
import { toSessionUser } from '@/app/session/user';
import type { ProfileValues } from '@/lib/validation';

export const settingsKeys = {
  all: ['settings'] as const,
  notificationPreferences: () => [...settingsKeys.all, 'notification-preferences'] as const,
  extensionTokens: () => [...settingsKeys.all, 'extension-tokens'] as const,
};

/** Sends only the changed fields; the answer becomes the stored user. */
export function useUpdateProfile() {
  const transport = useTransport();
  const session = useSessionStore();
  return useMutation({
    mutationFn: async (changes: Partial<ProfileValues>) => {
      const res = await authClient(transport).updateUserInfo({ fullname: changes.fullname, phoneNumber: changes.phone_number });
      return res;
    },
    onSuccess: (res) => {
      if (res.user) session.signedIn(toSessionUser(res.user));
    },
  });
}

export interface Preferences {
  marketingEmails: boolean;
  whatsappNotifications: boolean;
}

export function useNotificationPreferences() {
  const transport = useTransport();
  return useQuery({
    queryKey: settingsKeys.notificationPreferences(),
    queryFn: async ({ signal }): Promise<Preferences> => {
      const { preferences } = await authClient(transport).getNotificationPreferences({}, { signal });
      return {
        marketingEmails: preferences?.marketingEmails ?? false,
        whatsappNotifications: preferences?.whatsappNotifications ?? true,
      };
    },
  });
}

export function useUpdateNotificationPreferences() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (p: Preferences) => {
      const { preferences } = await authClient(transport).updateNotificationPreferences({
        preferences: create(NotificationPreferencesSchema, p),
      });
      return { marketingEmails: preferences?.marketingEmails ?? p.marketingEmails, whatsappNotifications: preferences?.whatsappNotifications ?? p.whatsappNotifications };
    },
    onSuccess: (p) => {
      queryClient.setQueryData(settingsKeys.notificationPreferences(), p);
    },
  });
}

export function useExtensionTokens() {
  const transport = useTransport();
  return useQuery({
    queryKey: settingsKeys.extensionTokens(),
    queryFn: async ({ signal }) => (await authClient(transport).listExtensionTokens({}, { signal })).extensionTokens,
  });
}

export function useRevokeExtensionToken() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await authClient(transport).revokeExtensionToken({ id });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.extensionTokens() }),
  });
}
