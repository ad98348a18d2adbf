import { useState, type ReactNode } from 'react';
import { useSubscriptionStatus } from '@/api/subscription';
import { PlanModal } from '@/features/billing/PlanModal';
import type { SessionUser } from '../session/user';
import { PlanModalContext } from '@/hooks/planModal';

/** Lawyers and moderators must pay; demo and affiliates never see the plan modal. */
export function needsSubscription(user: Pick<SessionUser, 'role'>): boolean {
  return user.role === 'lawyer' || user.role === 'moderator';
}

/**
 * SPEC.md section 4's subscription gate: the status is checked once after sign-in; without an
 * active subscription the plan modal opens and cannot be dismissed.
 */
export function SubscriptionGate({ user, children }: { user: SessionUser; children: ReactNode }) {
  const gated = needsSubscription(user);
  const status = useSubscriptionStatus(gated);
  const [chosen, setChosen] = useState(false);
  const blocking = gated && status.data !== undefined && !status.data.hasActiveSubscription;
  return (
    <PlanModalContext
      value={() => {
        setChosen(true);
      }}
    >
      {children}
      {gated && (
        <PlanModal
          opened={blocking || chosen}
          dismissible={!blocking}
          onClose={() => {
            setChosen(false);
          }}
        />
      )}
    </PlanModalContext>
  );
}
