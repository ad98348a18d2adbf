import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createRouterTransport } from '@connectrpc/connect';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthService, ExtensionTokenSchema } from '@gen/kesi/v1/auth_pb';
import { renderWithProviders } from '@/test/render';
import { PAGE_CONNECTED, PAGE_HELLO, PAGE_READY, PAGE_TOKEN, connectionName, readNonce } from './bridge';
import { ConnectExtensionPage, TEXT } from './ConnectExtensionPage';
import { EXTENSION_ZIP, INSTALL_TEXT } from './InstallExtension';

const NONCE = '0f8b6a8e-3c1d-4a51-9a55-1b2c3d4e5f60';

function server(revoked: string[] = []) {
  return createRouterTransport(({ service }) => {
    service(AuthService, {
      createExtensionToken: (req) => ({
        token: 'kxt_secret',
        extensionToken: create(ExtensionTokenSchema, { id: 'tok-1', name: req.name, createdAt: timestampFromDate(new Date('2025-01-05T09:00:00Z')) }),
      }),
      listExtensionTokens: () => ({
        extensionTokens: [create(ExtensionTokenSchema, { id: 'tok-0', name: 'Chrome on Windows', createdAt: timestampFromDate(new Date('2025-01-05T09:00:00Z')) })],
      }),
      revokeExtensionToken: (req) => {
        revoked.push(req.id);
        return {};
      },
    });
  });
}

/** Plays the extension's script in this tab: answers hello, and keeps (or refuses) the token. */
function fakeExtension(accept: boolean) {
  const tokens: unknown[] = [];
  const onMessage = (event: MessageEvent<{ type?: string; nonce?: string; token?: string }>) => {
    if (event.data.type === PAGE_HELLO) window.postMessage({ type: PAGE_READY }, window.location.origin);
    if (event.data.type === PAGE_TOKEN) {
      tokens.push(event.data);
      window.postMessage({ type: PAGE_CONNECTED, nonce: event.data.nonce, ok: accept, error: accept ? '' : 'Refused.' }, window.location.origin);
    }
  };
  window.addEventListener('message', onMessage);
  return { tokens, stop: () => { window.removeEventListener('message', onMessage); } };
}

// jsdom sets event.origin to '' for postMessage; the page checks it against its own origin.
function withOrigins() {
  vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => {
    setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data: message, origin: window.location.origin, source: window })), 0);
  });
}

describe('ConnectExtensionPage', () => {
  it('asks to be opened from the extension when there is no nonce', async () => {
    renderWithProviders(<ConnectExtensionPage />, { transport: server(), path: '/connect-extension' });
    expect(screen.getByText(TEXT.noNonce)).toBeTruthy();
    expect(screen.queryByRole('button', { name: TEXT.connect })).toBeNull();
    expect(await screen.findByText('Chrome on Windows')).toBeTruthy();
    expect(screen.getByText(/Connected on Sun 5 Jan 2025/)).toBeTruthy();
  });

  it('offers the packaged extension and the steps to load it unpacked when opened from Kesi', () => {
    renderWithProviders(<ConnectExtensionPage />, { transport: server(), path: '/connect-extension' });
    const download = screen.getByRole('link', { name: INSTALL_TEXT.download });
    expect(download.getAttribute('href')).toBe(EXTENSION_ZIP);
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByText(/Turn on Developer mode/)).toBeTruthy();
    expect(screen.getByText(/Click Load unpacked/)).toBeTruthy();
    expect(screen.getByText(/choose Connect to Kesi. This page opens again/)).toBeTruthy();
  });

  it('leaves the install steps out when the extension opened the page', () => {
    renderWithProviders(<ConnectExtensionPage />, { transport: server(), path: `/connect-extension#nonce=${NONCE}` });
    expect(screen.queryByRole('link', { name: INSTALL_TEXT.download })).toBeNull();
  });

  it('hands the token to the extension with the nonce, once it is listening', async () => {
    withOrigins();
    const ext = fakeExtension(true);
    renderWithProviders(<ConnectExtensionPage />, { transport: server(), path: `/connect-extension#nonce=${NONCE}` });
    const button = await screen.findByRole('button', { name: TEXT.connect });
    await waitFor(() => {
      expect((button as HTMLButtonElement).disabled).toBe(false);
    });
    await userEvent.click(button);
    expect(await screen.findByText(TEXT.connected)).toBeTruthy();
    expect(ext.tokens).toEqual([{ type: PAGE_TOKEN, nonce: NONCE, token: 'kxt_secret' }]);
    ext.stop();
  });

  it('revokes the token when the extension refuses it', async () => {
    withOrigins();
    const revoked: string[] = [];
    const ext = fakeExtension(false);
    renderWithProviders(<ConnectExtensionPage />, { transport: server(revoked), path: `/connect-extension#nonce=${NONCE}` });
    const button = await screen.findByRole('button', { name: TEXT.connect });
    await waitFor(() => {
      expect((button as HTMLButtonElement).disabled).toBe(false);
    });
    await userEvent.click(button);
    expect(await screen.findByText(TEXT.failedTitle)).toBeTruthy();
    await waitFor(() => { expect(revoked).toEqual(['tok-1']); });
    ext.stop();
  });
});

describe('bridge', () => {
  it('reads only a well-formed nonce', () => {
    expect(readNonce(`#nonce=${NONCE}`)).toBe(NONCE);
    expect(readNonce('#nonce=short')).toBe('');
    expect(readNonce('#nonce=<script>alert(1)</script>aaaaaaaaaaaa')).toBe('');
    expect(readNonce('')).toBe('');
  });

  it('names the connection after the browser and system', () => {
    expect(connectionName({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/148.0 Safari/537.36' })).toBe('Chrome on Linux');
    expect(connectionName({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/148.0 Edg/148.0' })).toBe('Edge on Windows');
  });
});
