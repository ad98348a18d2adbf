import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications, notifications } from '@mantine/notifications';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthService, Role } from '@gen/kesi/v1/auth_pb';
import { SessionProvider } from '@/app/session/SessionProvider';
import { MESSAGES } from '@/lib/validation';
import { renderWithProviders } from '@/test/render';
import { sessionStore } from '@/test/session';
import { DEMO_CREDENTIALS, LOGIN_TEXT, LoginPage } from './LoginPage';
import { REGISTER_TEXT, RegisterPage } from './RegisterPage';

const WRONG = 'Invalid email or password';
const GUESSABLE = 'Password must not be made of your e-mail address.';

/** A stand-in AuthService: records each sign-in and accepts only Wanjiru's password. */
function server(sent: { email: string; password: string }[]) {
  return createRouterTransport(({ service }) => {
    service(AuthService, {
      register: (req) => {
        // The server's own rule: no password made of the account's e-mail.
        if (req.password === 'kamau-kamau') {
          throw new ConnectError(GUESSABLE, Code.InvalidArgument, new Headers({ 'Kesi-Field': 'password' }));
        }
        return { message: 'Registration successful! Please log in.' };
      },
      login: (req) => {
        sent.push({ email: req.email, password: req.password });
        if (req.password !== 'mahakama-2026') throw new ConnectError(WRONG, Code.Unauthenticated);
        return { user: { id: 'u1', email: req.email, fullname: 'Wanjiru Kamau', role: Role.LAWYER } };
      },
    });
  });
}

function Where() {
  const { pathname, search } = useLocation();
  return (
    <p>
      at {pathname}
      {search}
    </p>
  );
}

function renderLogin(sent: { email: string; password: string }[], path = '/login', state?: unknown) {
  renderWithProviders(
    <SessionProvider store={sessionStore(null)}>
      {/* The server's answers are shown as notifications. */}
      <Notifications />
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </SessionProvider>,
    { transport: server(sent), path, state },
  );
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const signIn = () => userEvent.click(screen.getByRole('button', { name: LOGIN_TEXT.submit }));

describe('LoginPage', () => {
  // The notifications' store outlives a test's render.
  afterEach(() => {
    notifications.clean();
  });

  it('shows what is wrong with both fields at once and sends nothing', async () => {
    const sent: { email: string; password: string }[] = [];
    renderLogin(sent);
    await userEvent.type(field(LOGIN_TEXT.email), 'wanjiru@');
    await signIn();
    expect(await screen.findByText(MESSAGES.email)).toBeDefined();
    expect(screen.getByText(MESSAGES.password)).toBeDefined();

    // Typing clears that field's error; the other stays until it is put right.
    await userEvent.type(field(LOGIN_TEXT.password), 'abc');
    expect(screen.queryByText(MESSAGES.password)).toBeNull();
    expect(screen.getByText(MESSAGES.email)).toBeDefined();
    await signIn();
    expect(await screen.findByText(MESSAGES.password)).toBeDefined();
    expect(sent).toEqual([]);
  }, 30_000);

  it("says the server's reason for a wrong password, then signs in and opens the diary", async () => {
    const sent: { email: string; password: string }[] = [];
    renderLogin(sent);
    await userEvent.type(field(LOGIN_TEXT.email), '  wanjiru@example.co.ke ');
    await userEvent.type(field(LOGIN_TEXT.password), 'wrong-password');
    await signIn();
    expect(await screen.findByText(WRONG)).toBeDefined();
    expect(screen.getByRole('button', { name: LOGIN_TEXT.submit })).toBeDefined();

    await userEvent.clear(field(LOGIN_TEXT.password));
    await userEvent.type(field(LOGIN_TEXT.password), 'mahakama-2026');
    await signIn();
    expect(await screen.findByText('at /dashboard')).toBeDefined();
    expect(sent).toEqual([
      { email: 'wanjiru@example.co.ke', password: 'wrong-password' },
      { email: 'wanjiru@example.co.ke', password: 'mahakama-2026' },
    ]);
  }, 30_000);

  it('brings an invitee who signs up instead back to the join link', async () => {
    const sent: { email: string; password: string }[] = [];
    renderLogin(sent, '/login', { from: '/firm/join?code=abc123' });
    await userEvent.click(screen.getByRole('link', { name: LOGIN_TEXT.register }));
    await userEvent.type(await screen.findByLabelText(new RegExp(`^${REGISTER_TEXT.name}`)), 'Kamau Njoroge');
    await userEvent.type(field(REGISTER_TEXT.email), 'kamau@example.co.ke');
    await userEvent.type(field(REGISTER_TEXT.phone), '0712345678');
    await userEvent.type(field(REGISTER_TEXT.password), 'mahakama-2026');
    await userEvent.type(field(REGISTER_TEXT.confirm), 'mahakama-2026');
    await userEvent.click(screen.getByRole('button', { name: REGISTER_TEXT.submit }));
    // Back on the sign-in page with the new account's e-mail filled in.
    await screen.findByRole('button', { name: LOGIN_TEXT.submit });
    expect((field(LOGIN_TEXT.email) as HTMLInputElement).value).toBe('kamau@example.co.ke');
    await userEvent.type(field(LOGIN_TEXT.password), 'mahakama-2026');
    await signIn();
    expect(await screen.findByText('at /firm/join?code=abc123')).toBeDefined();
    expect(sent).toEqual([{ email: 'kamau@example.co.ke', password: 'mahakama-2026' }]);
  }, 30_000);

  it("shows the server's refusal of the password under the password, and keeps the page", async () => {
    renderLogin([], '/register');
    await userEvent.type(await screen.findByLabelText(new RegExp(`^${REGISTER_TEXT.name}`)), 'Kamau Njoroge');
    await userEvent.type(field(REGISTER_TEXT.email), 'kamau@example.co.ke');
    await userEvent.type(field(REGISTER_TEXT.phone), '0712345678');
    await userEvent.type(field(REGISTER_TEXT.password), 'kamau-kamau');
    await userEvent.type(field(REGISTER_TEXT.confirm), 'kamau-kamau');
    await userEvent.click(screen.getByRole('button', { name: REGISTER_TEXT.submit }));

    const password = field(REGISTER_TEXT.password);
    expect(await screen.findByText(GUESSABLE)).toBeDefined();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('error')) ?? '')?.textContent).toBe(GUESSABLE);
    expect((field(REGISTER_TEXT.email) as HTMLInputElement).value).toBe('kamau@example.co.ke');
    await waitFor(() => {
      expect(document.activeElement).toBe(password);
    });
  }, 30_000);

  it('signs in to the demo with the credentials it fills in', async () => {
    const sent: { email: string; password: string }[] = [];
    renderLogin(sent, '/login?demo=true');
    expect((field(LOGIN_TEXT.email) as HTMLInputElement).value).toBe(DEMO_CREDENTIALS.email);
    expect((field(LOGIN_TEXT.email) as HTMLInputElement).disabled).toBe(true);
    await signIn();
    expect(await screen.findByText(WRONG)).toBeDefined();
    expect(sent).toEqual([DEMO_CREDENTIALS]);
  }, 30_000);
});
