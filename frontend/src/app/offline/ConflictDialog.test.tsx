import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { askWhichToKeep, type CaseSnapshot, type Conflict } from './conflict';
import { ConflictDialog } from './ConflictDialog';

const seen: CaseSnapshot = {
  id: 'c1',
  caseId: 'ELRC Cause E101 of 2025',
  parties: 'Achieng v Board',
  activityDate: '2026-11-24',
  activity: 'Mention',
  time: '09:00',
  status: 'open',
  updatedAt: '100',
};
const conflict: Conflict = {
  seen,
  now: { ...seen, activityDate: '2026-12-03', activity: 'Hearing', updatedAt: '200' },
  outcome: 'Adjourned: the judge did not sit',
  nextDate: '2026-12-10',
};

function renderDialog() {
  render(
    <MantineProvider theme={theme}>
      <ConflictDialog />
    </MantineProvider>,
  );
}

describe('ConflictDialog', () => {
  it('asks nothing until a conflict comes', () => {
    renderDialog();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows both versions and answers with the advocate’s choice', async () => {
    renderDialog();
    const mine = askWhichToKeep(conflict);
    // The question loads with its Modal only now (issue 17: not on the dashboard's first load).
    const dialog = await screen.findByRole('dialog', { name: 'This case changed while you were offline' });
    expect(dialog.textContent).toContain('ELRC Cause E101 of 2025 was updated on the server after you recorded your outcome on this phone.');
    expect(dialog.textContent).toContain('Your outcomeAdjourned: the judge did not sit\nNext date Thu 10 Dec 2026');
    expect(dialog.textContent).toContain('Now on the serverHearing on Thu 3 Dec 2026 09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Send my outcome' }));
    await expect(mine).resolves.toBe('mine');
    expect(screen.queryByRole('dialog')).toBeNull();

    const theirs = askWhichToKeep(conflict);
    await userEvent.click(await screen.findByRole('button', { name: 'Keep the server’s' }));
    await expect(theirs).resolves.toBe('theirs');
  });

  it('leaves the server’s version alone when no dialog is on screen', async () => {
    await expect(askWhichToKeep(conflict)).rejects.toThrow('open Kesi to choose');
  });
});
