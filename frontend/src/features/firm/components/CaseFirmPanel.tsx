import { Alert, Card, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Clash } from '@gen/kesi/v1/firm_pb';
import { errorMessageOr } from '@/api/errors';
import { formatDate } from '@/lib/dates';
import { useAssignSitting, useCaseSittings, useFirm, useMembers, useShareCase } from '../queries';
import { ClashList } from './ClashList';

export const CASE_FIRM_TEXT = {
  title: 'Firm',
  share: 'Share with firm',
  shareHelp: 'Every member of your firm sees a shared case, its sittings and its documents.',
  sharedByColleague: (name: string) => `Shared with the firm by ${name}.`,
  attending: 'Attending',
  owner: (name: string) => `${name} (owner)`,
  assignedBy: (name: string) => `Assigned by ${name}`,
  shareFirst: 'Share the case with the firm to choose who attends each sitting.',
  failed: 'Could not save. Please try again.',
  clashTitle: 'This assignment clashes',
  noSittings: 'No sittings yet.',
};

/**
 * The case page's firm card: the Share switch for the case's owner, and an Attending picker on
 * each sitting of a shared case. Nothing shows to an advocate in no firm.
 */
export function CaseFirmPanel({ caseRef }: { caseRef: string }) {
  const firm = useFirm();
  const inFirm = Boolean(firm.data);
  const sittings = useCaseSittings(caseRef, inFirm);
  const members = useMembers(inFirm);
  const share = useShareCase();
  const assign = useAssignSitting();
  const [clashes, setClashes] = useState<Clash[]>([]);
  if (!inFirm || !sittings.data) return null;
  const { shared, callerIsOwner, ownerName } = sittings.data;
  const options = (members.data ?? []).map((m) => ({ value: m.userId, label: m.fullname || m.email }));
  const error = share.error ?? assign.error;

  return (
    <Card withBorder data-testid="case-firm-panel">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {CASE_FIRM_TEXT.title}
        </Title>
        {callerIsOwner ? (
          <Switch
            label={CASE_FIRM_TEXT.share}
            description={CASE_FIRM_TEXT.shareHelp}
            checked={shared}
            disabled={share.isPending}
            onChange={(e) => {
              share.mutate({ id: caseRef, shared: e.currentTarget.checked });
            }}
          />
        ) : (
          <Text size="sm">{CASE_FIRM_TEXT.sharedByColleague(ownerName)}</Text>
        )}
        {error && (
          <Alert color="red" variant="light">
            {errorMessageOr(error, CASE_FIRM_TEXT.failed)}
          </Alert>
        )}
        {!shared ? (
          <Text size="sm" c="dimmed">
            {CASE_FIRM_TEXT.shareFirst}
          </Text>
        ) : sittings.data.sittings.length === 0 ? (
          <Text size="sm" c="dimmed">
            {CASE_FIRM_TEXT.noSittings}
          </Text>
        ) : (
          <Stack gap="xs">
            {sittings.data.sittings.map((s) => (
              <Group key={s.activityId} justify="space-between" align="flex-end" wrap="wrap" gap="xs">
                <div>
                  <Text size="sm" fw={600}>
                    {s.activity} · {formatDate(s.date)}
                    {s.time ? ` ${s.time}` : ''}
                  </Text>
                  {s.assignedByName && (
                    <Text size="xs" c="dimmed">
                      {CASE_FIRM_TEXT.assignedBy(s.assignedByName)}
                    </Text>
                  )}
                </div>
                <Select
                  label={CASE_FIRM_TEXT.attending}
                  aria-label={`${CASE_FIRM_TEXT.attending}: ${s.activity} ${formatDate(s.date)}`}
                  data={options.map((o) => (o.value === s.ownerUserId ? { ...o, label: CASE_FIRM_TEXT.owner(o.label) } : o))}
                  value={s.attendeeUserId}
                  allowDeselect={false}
                  disabled={assign.isPending}
                  w={{ base: '100%', xs: 240 }}
                  onChange={(value) => {
                    if (!value || value === s.attendeeUserId) return;
                    assign.mutate(
                      { activityId: s.activityId, memberUserId: value === s.ownerUserId ? '' : value },
                      {
                        onSuccess: (res) => {
                          setClashes(res.clashes);
                        },
                      },
                    );
                  }}
                />
              </Group>
            ))}
          </Stack>
        )}
        <ClashList clashes={clashes} title={CASE_FIRM_TEXT.clashTitle} />
      </Stack>
    </Card>
  );
}
