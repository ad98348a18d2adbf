import { create } from '@bufbuild/protobuf';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CaseSchema } from '@gen/kesi/v1/case_pb';
import { renderWithProviders } from '@/test/render';
import { SITTING_TEXT, SittingCard } from './SittingCard';

const sitting = create(CaseSchema, { id: '1', caseId: 'HCCC E123 of 2025', parties: 'Wanjiku v Otieno', time: '09:00', activity: 'Mention' });

function card(lastOutcome: string | null | undefined) {
  return renderWithProviders(<SittingCard c={sitting} showDate={false} lastOutcome={lastOutcome} onRecord={() => undefined} />);
}

describe('a sitting card', () => {
  it('keeps the last outcome line while it loads, so the card does not grow when it comes', () => {
    card(undefined);
    expect(screen.getByTestId('last-outcome-loading')).not.toBeNull();
    expect(screen.queryByText(SITTING_TEXT.noOutcome)).toBeNull();
  });

  it('shows the last outcome, or that none was recorded', () => {
    const { unmount } = card('Adjourned to 3 December');
    expect(screen.getByText(`${SITTING_TEXT.lastOutcome}: Adjourned to 3 December`)).not.toBeNull();
    expect(screen.queryByTestId('last-outcome-loading')).toBeNull();
    unmount();
    card('');
    expect(screen.getByText(SITTING_TEXT.noOutcome)).not.toBeNull();
  });

  it('leaves the line out when the outcome cannot be known now (no signal, nothing kept)', () => {
    card(null);
    expect(screen.queryByTestId('last-outcome-loading')).toBeNull();
    expect(screen.queryByText(SITTING_TEXT.noOutcome)).toBeNull();
    expect(screen.queryByText(new RegExp(SITTING_TEXT.lastOutcome))).toBeNull();
  });

  it("links a colleague's shared case by its id, and one's own by its number alone", () => {
    // The viewer's own case may have the colleague's number: the number alone would open that one.
    const theirs = create(CaseSchema, { ...sitting, id: 'c0ffee', sharedWithMe: true });
    const { unmount } = renderWithProviders(<SittingCard c={theirs} showDate={false} lastOutcome="" onRecord={() => undefined} />);
    expect(screen.getByRole('link', { name: 'HCCC E123 of 2025' }).getAttribute('href')).toBe('/cases/HCCC%20E123%20of%202025?ref=c0ffee');
    unmount();
    card('');
    expect(screen.getByRole('link', { name: 'HCCC E123 of 2025' }).getAttribute('href')).toBe('/cases/HCCC%20E123%20of%202025');
  });
});
