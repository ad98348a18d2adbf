import { Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from './session/SessionProvider';
import { homeFor, sentToLogin, type RoleName, type SessionUser } from './session/user';

export const VERIFYING_TEXT = 'Verifying your session...';

export type GuardDecision =
  | { kind: 'verifying' }
  | { kind: 'redirect'; to: string }
  | { kind: 'allow'; verifying: boolean };

/**
 * SPEC.md section 2's route guard, as a pure decision: trust the stored user at once when the role
 * is allowed (verification runs in the background), send a wrong role home, and anyone without a
 * session to /login. `otherRoles` overrides where a wrong role goes.
 */
export function decide(
  state: { status: string; user: SessionUser | null; verifying: boolean },
  roles: readonly RoleName[],
  otherRoles?: (user: SessionUser) => string,
): GuardDecision {
  if (state.status === 'loading') return { kind: 'verifying' };
  if (!state.user) return state.verifying ? { kind: 'verifying' } : { kind: 'redirect', to: '/login' };
  if (state.user.role === '' || !roles.includes(state.user.role)) {
    return { kind: 'redirect', to: (otherRoles ?? homeFor)(state.user) };
  }
  return { kind: 'allow', verifying: state.verifying };
}

export function VerifyingSession() {
  return (
    <Center h="100dvh">
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text c="dimmed">{VERIFYING_TEXT}</Text>
      </Stack>
    </Center>
  );
}

/** Shows its children (or the nested routes) only to a session whose role is in `roles`. */
export function RouteGuard({
  roles,
  otherRoles,
  children,
}: {
  roles: readonly RoleName[];
  otherRoles?: (user: SessionUser) => string;
  children?: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  const decision = decide(session, roles, otherRoles);
  if (decision.kind === 'verifying') return <VerifyingSession />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace state={sentToLogin(location)} />;
  return (
    <>
      {children ?? <Outlet />}
      {decision.verifying && (
        <Paper
          role="status"
          shadow="sm"
          withBorder
          px="sm"
          py={4}
          pos="fixed"
          style={{ top: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 400 }}
        >
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="xs">{VERIFYING_TEXT}</Text>
          </Group>
        </Paper>
      )}
    </>
  );
}
