import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSubscriptionStatus } from '@/api/subscription';
import type { SessionUser } from '../session/user';
import { PlanModalContext } from '@/hooks/planModal';

/** Loaded when it first opens: a paying advocate's first screen does not wait for it. */
const PlanModal = lazy(() => import('@/features/billing/PlanModal').then((m) => ({ default: m.PlanModal })));

/** Lawyers and moderators must pay; demo and affiliates never see the plan modal. */
export function needsSubscription(user: Pick<SessionUser, 'role'>): boolean {
  return user.role === 'lawyer' || user.role === 'moderator';
}

/** Where an unpaid advocate downloads their data or deletes the account (Settings → Privacy). */
export const PRIVACY_PATH = '/settings?tab=privacy';

/**
 * The one page the gate leaves open: an advocate who stops paying keeps the right to take their
 * data away or have it erased (the Data Protection Act), and the server allows both signed in.
 */
function onPrivacyPage(pathname: string, search: string): boolean {
  return pathname === '/settings' && new URLSearchParams(search).get('tab') === 'privacy';
}

/**
 * SPEC.md section 4's subscription gate: the status is checked once after sign-in; without an
 * active subscription the plan modal opens and cannot be dismissed, except on the privacy page.
 */
export function SubscriptionGate({ user, children }: { user: SessionUser; children: ReactNode }) {
  const gated = needsSubscription(user);
  const status = useSubscriptionStatus(gated);
  const location = useLocation();
  const [chosen, setChosen] = useState(false);
  const unpaid = gated && status.data !== undefined && !status.data.hasActiveSubscription;
  const blocking = unpaid && !onPrivacyPage(location.pathname, location.search);
  // Kept once opened, so that closing it plays the modal's transition as before.
  const [mounted, setMounted] = useState(false);
  if ((blocking || chosen) && !mounted) setMounted(true);
  return (
    <PlanModalContext
      value={() => {
        setChosen(true);
      }}
    >
      {children}
      {gated && mounted && (
        <Suspense fallback={null}>
          <PlanModal
            opened={blocking || chosen}
            dismissible={!blocking}
            privacyPath={blocking ? PRIVACY_PATH : undefined}
            onClose={() => {
              setChosen(false);
            }}
          />
        </Suspense>
      )}
    </PlanModalContext>
  );
}
