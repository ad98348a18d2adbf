import type { Case } from '@gen/kesi/v1/case_pb';
import { toIsoDate } from '@/lib/dates';

/** The parts of a case an outcome is recorded against, as the advocate saw them. */
export interface CaseSnapshot {
  id: string;
  caseId: string;
  parties: string;
  activityDate: string;
  activity: string;
  time: string;
  status: string;
  /** The server's last change of the case, seconds since the epoch as text; '' when unknown. */
  updatedAt: string;
}

export function snapshotOf(c: Case): CaseSnapshot {
  return {
    id: c.id,
    caseId: c.caseId,
    parties: c.parties,
    activityDate: toIsoDate(c.activityDate),
    activity: c.activity,
    time: c.time,
    status: c.status,
    updatedAt: c.updatedAt ? String(c.updatedAt.seconds) : '',
  };
}

/**
 * Whether the case changed on the server after the advocate saw it (someone else recorded an
 * outcome, the case was rescheduled from another device). The server's change time decides when
 * both sides have one; otherwise what the advocate acts on: the date, activity, time and status.
 */
export function caseChanged(seen: CaseSnapshot, now: CaseSnapshot): boolean {
  if (seen.updatedAt && now.updatedAt) return seen.updatedAt !== now.updatedAt;
  return (
    seen.activityDate !== now.activityDate ||
    seen.activity !== now.activity ||
    seen.time !== now.time ||
    seen.status !== now.status
  );
}

/** The advocate's answer when the case changed meanwhile. */
export type Keep = 'mine' | 'theirs';

export interface Conflict {
  seen: CaseSnapshot;
  now: CaseSnapshot;
  /** What the advocate typed, shown so that keeping the server's version loses nothing unseen. */
  outcome: string;
  nextDate: string;
}

type Ask = (conflict: Conflict) => Promise<Keep>;

let ask: Ask | null = null;

/** The conflict dialog registers itself here while mounted; returns the unregister function. */
export function onConflict(handler: Ask): () => void {
  ask = handler;
  return () => {
    if (ask === handler) ask = null;
  };
}

/** Asks the advocate which version to keep; without a dialog on screen, theirs is not overwritten. */
export function askWhichToKeep(conflict: Conflict): Promise<Keep> {
  return ask ? ask(conflict) : Promise.reject(new Error('The case changed; open Kesi to choose which version to keep.'));
}
