import { createRouterTransport } from '@connectrpc/connect';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthService } from '@gen/kesi/v1/auth_pb';
import { ReminderService } from '@gen/kesi/v1/reminder_pb';
import { SessionProvider } from '@/app/session/SessionProvider';
import { renderWithProviders } from '@/test/render';
import { sessionStore } from '@/test/session';
import { INTEGRATIONS_TEXT, IntegrationsTab } from './IntegrationsTab';

const made = 'https://kesi.example/calendar/new-address.ics';

// A feed made under a master key since retired: the server cannot show its address.
const transport = createRouterTransport((router) => {
  router.service(ReminderService, {
    getCalendarFeed: () => ({ url: '' }),
    resetCalendarFeed: () => ({ url: made }),
  });
  router.service(AuthService, { listExtensionTokens: () => ({ extensionTokens: [] }) });
});

describe('IntegrationsTab', () => {
  it('says why a feed address cannot be shown, and makes a new one on request only', async () => {
    renderWithProviders(
      <SessionProvider store={sessionStore({ id: 'u1', email: 'wanjiru@example.co.ke', fullname: 'Wanjiru Kamau', role: 'lawyer', phone_number: '', profile_image: '', affiliate_code: '' })}>
        <IntegrationsTab />
      </SessionProvider>,
      { transport },
    );
    expect(await screen.findByText(INTEGRATIONS_TEXT.unshown)).toBeDefined();
    expect(screen.queryByRole('link', { name: INTEGRATIONS_TEXT.google })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: INTEGRATIONS_TEXT.reset }));
    expect((await screen.findByLabelText<HTMLInputElement>(INTEGRATIONS_TEXT.feedURL)).value).toBe(made);
  });
});
