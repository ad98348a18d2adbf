import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CaseSchema, CaseService } from '@gen/kesi/v1/case_pb';
import { renderWithProviders } from '@/test/render';
import { DeleteCaseDialog } from './DeleteCaseDialog';

describe('DeleteCaseDialog', () => {
  it('enables Delete only when the exact case ID is typed, then deletes', async () => {
    const deleted: string[] = [];
    const transport = createRouterTransport((router) => {
      router.service(CaseService, {
        deleteCase: (req) => {
          deleted.push(req.id);
          return {};
        },
      });
    });
    const onClose = vi.fn();
    const target = create(CaseSchema, { id: 'uuid-1', caseId: 'MCCC/E3574/2022' });
    renderWithProviders(<DeleteCaseDialog target={target} onClose={onClose} />, { transport });
    const input = await screen.findByLabelText('Case ID');
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveProperty('disabled', true);
    await userEvent.type(input, 'mccc/e3574/2022');
    expect(button).toHaveProperty('disabled', true);
    await userEvent.clear(input);
    await userEvent.type(input, 'MCCC/E3574/2022');
    expect(button).toHaveProperty('disabled', false);
    await userEvent.click(button);
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(deleted).toEqual(['uuid-1']);
  });
});
