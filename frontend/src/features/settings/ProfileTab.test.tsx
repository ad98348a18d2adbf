import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthService } from '@gen/kesi/v1/auth_pb';
import { SessionProvider } from '@/app/session/SessionProvider';
import { renderWithProviders } from '@/test/render';
import { sessionStore, sessionUser } from '@/test/session';
import { PROFILE_TEXT, ProfileTab } from './ProfileTab';

/** google.rpc.BadRequest naming one field, as the server encodes it. */
function badRequest(field: string, description: string): Uint8Array {
  const w = new BinaryWriter();
  w.tag(1, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string(field);
  w.tag(2, WireType.LengthDelimited).string(description).join();
  return w.finish();
}

describe('ProfileTab', () => {
  afterEach(() => {
    act(() => {
      notifications.clean();
    });
  });

  // The server is the last word on a number (a rule the form does not know yet): its refusal is
  // shown under the field it names, as the form's own rules are, not in a passing toast.
  it("puts the server's refusal under the field it names", async () => {
    const refused = 'That number is already used by another account.';
    const transport = createRouterTransport((router) => {
      router.service(AuthService, {
        updateUserInfo: () => {
          const err = new ConnectError(refused, Code.InvalidArgument);
          err.details.push({ type: 'google.rpc.BadRequest', value: badRequest('phone_number', refused) });
          throw err;
        },
      });
    });
    const user = sessionUser();
    renderWithProviders(
      <SessionProvider store={sessionStore(user)}>
        <ProfileTab user={user} />
        <Notifications />
      </SessionProvider>,
      { transport },
    );
    const phone = screen.getByLabelText(PROFILE_TEXT.phone);
    fireEvent.change(phone, { target: { value: '0722000111' } });
    fireEvent.click(screen.getByRole('button', { name: PROFILE_TEXT.save }));
    await waitFor(() => {
      expect(phone.getAttribute('aria-invalid')).toBe('true');
    });
    expect(screen.getAllByText(refused)).toHaveLength(1);
    expect(document.getElementById(phone.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe(refused);
  }, 30_000);
});
