import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import type { Case } from '@gen/kesi/v1/case_pb';

/**
 * The one list of activity kinds: the headings of real Kenyan cause lists
 * (/work/shared/data/causelists), in the order a registry lists business. Free text is allowed
 * wherever a kind is asked for; this list only offers the usual words.
 */
export const ACTIVITY_KINDS = [
  'Mention',
  'Hearing',
  'Defence Hearing',
  'Part Heard',
  'Fresh Hearing',
  'Hearing - Application',
  'Directions',
  'Pre-Trial Conference',
  'Case Conference',
  'Plea',
  'Submissions',
  'Ruling',
  'Judgment',
  'Sentencing',
  'Taxation',
  'Assessment of Costs',
];

/** Statuses that end a matter when recorded with no next date. */
export const CONCLUDING_STATUSES = ['Completed', 'Dismissed', 'Withdrawn', 'Settled'];
export const DEFAULT_CONCLUSION = 'Completed';

/**
 * True when the matter is over. The server's `concluded` flag answers when it sends one;
 * otherwise a concluding status does.
 */
export function isConcluded(c: Case): boolean {
  const flag = (c).concluded;
  if (typeof flag === 'boolean' && flag) return true;
  return CONCLUDING_STATUSES.includes(c.status);
}

export interface OutcomeChoice {
  /** The chip's label and the outcome text it writes (editable). */
  label: string;
  /** The next activity it suggests; 'same' keeps the kind of the sitting just held. */
  next: string;
  /** True when the outcome usually ends the matter: Record outcome offers to conclude. */
  concludes?: boolean;
}

/** What usually happens at a sitting, as the chips of Record outcome offer it. */
export const OUTCOME_CHOICES: OutcomeChoice[] = [
  { label: 'Adjourned', next: 'same' },
  { label: 'Mention', next: 'Mention' },
  { label: 'Hearing proceeded', next: 'Hearing' },
  { label: 'Part heard', next: 'Part Heard' },
  { label: 'Directions given', next: 'Mention' },
  { label: 'Ruling delivered', next: 'Mention' },
  { label: 'Judgment delivered', next: 'Mention', concludes: true },
  { label: 'Concluded', next: 'Mention', concludes: true },
];

/** The kind of the next sitting an outcome suggests, given the kind of the sitting just held. */
export function suggestedNextActivity(choice: OutcomeChoice | undefined, heldActivity: string): string {
  if (!choice) return heldActivity || 'Mention';
  if (choice.next === 'same') return heldActivity || 'Mention';
  return choice.next;
}

/**
 * Offers every kind while the field holds one of them (a tap shows the whole list, not just the
 * current word); narrows the list as soon as something else is typed.
 */
export const kindFilter: OptionsFilter = ({ options, search }) => {
  const q = search.trim().toLowerCase();
  const items = options.filter((o): o is ComboboxItem => 'value' in o);
  if (!q || items.some((o) => o.label.toLowerCase() === q)) return items;
  return items.filter((o) => o.label.toLowerCase().includes(q));
};
