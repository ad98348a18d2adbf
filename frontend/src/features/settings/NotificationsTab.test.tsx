import { createRouterTransport } from '@connectrpc/connect';
import { act, screen, waitFor } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AuthService } from '@gen/kesi/v1/auth_pb';
import { SessionProvider } from '@/app/session/SessionProvider';
import { renderWithProviders } from '@/test/render';
import { sessionStore } from '@/test/session';
import { NOTIFICATION_TEXT, NotificationsTab } from './NotificationsTab';

describe('NotificationsTab', () => {
  // A reload paints the answer kept on the device, then asks the server: the switches must show
  // the server's answer, or a Save would write the old one back.
  it('shows the newer answer when it arrives', async () => {
    let asked = 0;
    const transport = createRouterTransport((router) => {
      router.service(AuthService, {
        getNotificationPreferences: () => ({ preferences: { marketingEmails: asked++ > 0, whatsappNotifications: true } }),
      });
    });
    renderWithProviders(
      <SessionProvider
        store={sessionStore({ id: 'u1', email: 'demo@kesi.app', fullname: 'Demo', role: 'demo', phone_number: '', profile_image: '', affiliate_code: '' })}
      >
        <NotificationsTab />
      </SessionProvider>,
      { transport },
    );
    const marketing = await screen.findByRole<HTMLInputElement>('switch', { name: new RegExp(NOTIFICATION_TEXT.marketing) });
    expect(marketing.checked).toBe(false);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => {
      expect(asked).toBe(2);
    });
    await waitFor(() => {
      expect(screen.getByRole<HTMLInputElement>('switch', { name: new RegExp(NOTIFICATION_TEXT.marketing) }).checked).toBe(true);
    });
    expect(asked).toBe(2);
  }, 30_000);
});
