import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ClientSchema, ClientService } from '@gen/kesi/v1/client_pb';
import { renderWithProviders } from '@/test/render';
import { ClientProfilePage } from './ClientProfilePage';

const email = 'accounts.receivable@wanjiruholdingsinternational.co.ke';

/** The runs of text a browser may not break inside: the text between the <wbr> break points. */
function unbreakable(el: Element): string[] {
  return el.innerHTML
    .replace(/<(?!wbr)[^>]*>/g, '')
    .split('<wbr>')
    .filter((s) => s !== '');
}

describe('ClientProfilePage', () => {
  // At 360 px a long address broke wherever the line ended ("co.k" / "e"): it now may break
  // after the @ and before a dot, and the link still carries the whole address.
  it('offers a long e-mail line breaks after the @ and before each dot only', async () => {
    const transport = createRouterTransport((router) => {
      router.service(ClientService, {
        getClient: () => ({ client: create(ClientSchema, { id: 'c1', fullname: 'Wanjiru Holdings Ltd', email }) }),
      });
    });
    renderWithProviders(
      <Routes>
        <Route path="/clients/:id" element={<ClientProfilePage />} />
      </Routes>,
      { transport, path: '/clients/c1' },
    );
    const link = await screen.findByRole('link', { name: `E-mail Wanjiru Holdings Ltd: ${email}` });
    expect(link.getAttribute('href')).toBe(`mailto:${email}`);
    expect(link.textContent).toBe(email);
    expect(unbreakable(link)).toEqual(['accounts', '.receivable@', 'wanjiruholdingsinternational', '.co', '.ke']);
  });
});
