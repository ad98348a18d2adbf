import { create } from '@bufbuild/protobuf';
import { callUnaryMethod, useQuery } from '@connectrpc/connect-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AuthService,
  GetNotificationPreferencesResponseSchema,
  NotificationPreferencesSchema,
  type GetNotificationPreferencesResponse,
} from '@gen/kesi/v1/auth_pb';
import { useTransport } from '@/api/connect';
import { setCallData } from '@/api/keys';
import { useSessionStore } from '@/app/session/SessionProvider';
import { toSessionUser } from '@/app/session/server';
import type { ProfileValues } from '@/lib/validation';

export { useExtensionTokens, useRevokeExtensionToken } from '@/api/extensionTokens';

const m = AuthService.method;

/** Sends only the changed fields; the answer becomes the stored user. */
export function useUpdateProfile() {
  const transport = useTransport();
  const session = useSessionStore();
  return useMutation({
    mutationFn: (changes: Partial<ProfileValues>) =>
      callUnaryMethod(transport, m.updateUserInfo, { fullname: changes.fullname, phoneNumber: changes.phone_number }),
    onSuccess: (res) => {
      if (res.user) session.signedIn(toSessionUser(res.user));
    },
  });
}

export interface Preferences {
  marketingEmails: boolean;
  whatsappNotifications: boolean;
}

const preferencesOf = ({ preferences }: GetNotificationPreferencesResponse): Preferences => ({
  marketingEmails: preferences?.marketingEmails ?? false,
  whatsappNotifications: preferences?.whatsappNotifications ?? true,
});

export function useNotificationPreferences() {
  return useQuery(m.getNotificationPreferences, {}, { select: preferencesOf });
}

/** Saves the preferences; the answer becomes the cached preferences. */
export function useUpdateNotificationPreferences() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (p: Preferences) => {
      const { preferences } = await callUnaryMethod(transport, m.updateNotificationPreferences, {
        preferences: create(NotificationPreferencesSchema, p),
      });
      return {
        marketingEmails: preferences?.marketingEmails ?? p.marketingEmails,
        whatsappNotifications: preferences?.whatsappNotifications ?? p.whatsappNotifications,
      };
    },
    onSuccess: (p) => {
      setCallData(
        queryClient,
        m.getNotificationPreferences,
        {},
        create(GetNotificationPreferencesResponseSchema, { preferences: create(NotificationPreferencesSchema, p) }),
        transport,
      );
    },
  });
}
