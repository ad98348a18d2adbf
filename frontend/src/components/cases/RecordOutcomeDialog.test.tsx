import { create } from '@bufbuild/protobuf';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CaseSchema } from '@gen/kesi/v1/case_pb';
import { RECORD_ACTIVITY_KEY } from '@/api/outcome';
import { refusal } from '@/test/refusal';
import { renderWithProviders } from '@/test/render';
import { OUTCOME_TEXT, RecordOutcomeDialog } from './RecordOutcomeDialog';

describe('RecordOutcomeDialog', () => {
  it('shows a refused next date under the date, keeps the dialog and what was typed', async () => {
    // The phone's clock said one day, the server's another: the date chosen is already past.
    const message = 'The next date must be today or later.';
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setMutationDefaults(RECORD_ACTIVITY_KEY, { mutationFn: () => Promise.reject(refusal('next_date', message)) });
    const target = create(CaseSchema, { id: 'c1', caseId: 'MCCC/E3574/2022', parties: 'Wanjirū v Otieno', activity: 'Hearing' });
    renderWithProviders(<RecordOutcomeDialog target={target} opened onClose={() => undefined} />, { queryClient });

    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^\+1 week/ }));
    await userEvent.type(within(dialog).getByLabelText(OUTCOME_TEXT.outcome), 'Adjourned; court not sitting');
    await userEvent.click(within(dialog).getByRole('button', { name: OUTCOME_TEXT.save }));

    await waitFor(() => {
      expect(within(dialog).getByText(message)).toBeDefined();
    });
    expect(within(dialog).getByLabelText(OUTCOME_TEXT.outcome)).toHaveProperty('value', 'Adjourned; court not sitting');
  }, 30_000);
});
