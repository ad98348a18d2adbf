import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Alert, Badge, Box, Button, Card, Code, CopyButton, Group, Image, PasswordInput, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { errorMessageOr } from '@/api/errors';
import { formatInstant } from '@/lib/dates';
import { useDisableTwoStep, useEnableTwoStep, useRegenerateRecoveryCodes, useStartTwoStepSetup, useTwoStep } from './twoStepQueries';

export const TWO_STEP_SETTINGS_TEXT = {
  title: 'Two-step sign-in',
  off: 'Off',
  on: 'On',
  hint: "Your diary holds your clients' matters. With two-step sign-in, Kesi asks for a 6-digit code from an authenticator app on your phone after your password, so a stolen password alone cannot open it.",
  apps: 'Any authenticator app works: Google Authenticator, Microsoft Authenticator, Authy or your password manager.',
  turnOn: 'Turn On Two-Step Sign-In',
  scan: '1. Scan this QR code with your authenticator app.',
  qrAlt: 'QR code for your authenticator app',
  manual: "Can't scan it? Enter this key in the app instead:",
  copyKey: 'Copy key',
  copied: 'Copied',
  enterCode: '2. Enter the 6-digit code the app now shows.',
  codeLabel: '6-digit code',
  codeFormat: 'Enter the 6 digits your app shows.',
  confirm: 'Turn On',
  cancel: 'Cancel',
  enabled: 'Two-step sign-in is on.',
  recoveryTitle: 'Save your recovery codes',
  recoveryHint:
    'If you lose your phone, each of these codes signs you in once instead of the app. Keep them somewhere safe, away from your phone. They are shown only now.',
  copyCodes: 'Copy codes',
  download: 'Download',
  saved: "I've saved them",
  since: 'On since',
  codesLeft: (n: number) => (n === 1 ? '1 recovery code left' : `${n} recovery codes left`),
  newCodes: 'New Recovery Codes',
  newCodesHint: 'Enter a code from your app. Your old recovery codes stop working.',
  makeCodes: 'Make New Codes',
  turnOff: 'Turn Off',
  turnOffHint: 'Enter your password and a code from your app (or a recovery code).',
  password: 'Password',
  passwordRequired: 'Enter your password.',
  codeOrRecovery: 'Code from your app or a recovery code',
  codeRequired: 'Enter a code.',
  turnedOff: 'Two-step sign-in is off.',
  failed: 'Something went wrong. Please try again.',
  loadFailed: 'Failed to load your two-step sign-in setting.',
};

const T = TWO_STEP_SETTINGS_TEXT;

/** The key in groups of four, as apps show it, easier to type. */
function groupKey(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

export function TwoStepCard() {
  const status = useTwoStep();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Card withBorder>
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h5">
          {T.title}
        </Title>
        {status.data && (
          <Badge color={status.data.enabled ? 'teal.9' : 'gray.7'} variant="filled">
            {status.data.enabled ? T.on : T.off}
          </Badge>
        )}
      </Group>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
          }}
        />
      ) : status.isPending ? (
        <Skeleton height={60} />
      ) : status.isError ? (
        <Alert color="red">{T.loadFailed}</Alert>
      ) : status.data.enabled ? (
        <Enabled enabledAt={status.data.enabledAt ? formatInstant(timestampDate(status.data.enabledAt)) : ''} left={status.data.recoveryCodesLeft} onCodes={setCodes} />
      ) : (
        <Setup onCodes={setCodes} />
      )}
    </Card>
  );
}

function Setup({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const start = useStartTwoStepSetup();
  const enable = useEnableTwoStep();
  const [qr, setQr] = useState('');
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (v) => (/^\d{6}$/.test(v.trim()) ? null : T.codeFormat) },
  });
  const uri = start.data?.otpauthUri;
  useEffect(() => {
    if (!uri) return;
    let live = true;
    void QRCode.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [uri]);

  if (!start.data) {
    return (
      <Stack gap="sm">
        <Text size="sm">{T.hint}</Text>
        <Text size="sm" c="dimmed">
          {T.apps}
        </Text>
        <Group>
          <Button
            loading={start.isPending}
            onClick={() => {
              start.mutate(undefined, {
                onError: (err) => notifications.show({ color: 'red', message: errorMessageOr(err, T.failed) }),
              });
            }}
          >
            {T.turnOn}
          </Button>
        </Group>
      </Stack>
    );
  }
  const secret = start.data.secret;
  const submit = form.onSubmit((v) => {
    enable.mutate(v.code, {
      onSuccess: (codes) => {
        notifications.show({ color: 'green', message: T.enabled });
        onCodes(codes);
      },
      onError: (err) => {
        form.setFieldError('code', errorMessageOr(err, T.failed));
      },
    });
  });
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {T.scan}
      </Text>
      {qr ? <Image src={qr} alt={T.qrAlt} w={200} h={200} /> : <Skeleton w={200} h={200} />}
      <Text size="sm">{T.manual}</Text>
      <Group gap="xs" align="center">
        <Code data-testid="two-step-secret" style={{ wordBreak: 'break-all' }}>
          {groupKey(secret)}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? T.copied : T.copyKey}
            </Button>
          )}
        </CopyButton>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {T.enterCode}
          </Text>
          <TextInput label={T.codeLabel} inputMode="numeric" autoComplete="one-time-code" maxLength={6} maw={220} {...form.getInputProps('code')} />
          <Group>
            <Button type="submit" loading={enable.isPending}>
              {T.confirm}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                start.reset();
                setQr('');
              }}
            >
              {T.cancel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`Kesi recovery codes (each works once)\n\n${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'kesi-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert color="blue" title={T.recoveryTitle}>
        {T.recoveryHint}
      </Alert>
      <Box
        component="ul"
        aria-label={T.recoveryTitle}
        p={0}
        m={0}
        style={{ listStyle: 'none', display: 'grid', gap: 'var(--mantine-spacing-xs)', gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))' }}
      >
        {codes.map((c) => (
          <Box component="li" key={c}>
            <Code fz="sm">{c}</Code>
          </Box>
        ))}
      </Box>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? T.copied : T.copyCodes}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          {T.download}
        </Button>
        <Button onClick={onDone}>{T.saved}</Button>
      </Group>
    </Stack>
  );
}

function Enabled({ enabledAt, left, onCodes }: { enabledAt: string; left: number; onCodes: (codes: string[]) => void }) {
  const [open, setOpen] = useState<'none' | 'codes' | 'off'>('none');
  return (
    <Stack gap="sm">
      <Text size="sm">
        {enabledAt && `${T.since} ${enabledAt} · `}
        {T.codesLeft(left)}
      </Text>
      {open === 'none' && (
        <Group>
          <Button
            variant="light"
            onClick={() => {
              setOpen('codes');
            }}
          >
            {T.newCodes}
          </Button>
          <Button
            variant="light"
            color="red"
            onClick={() => {
              setOpen('off');
            }}
          >
            {T.turnOff}
          </Button>
        </Group>
      )}
      {open === 'codes' && (
        <NewCodes
          onCancel={() => {
            setOpen('none');
          }}
          onCodes={onCodes}
        />
      )}
      {open === 'off' && (
        <TurnOff
          onCancel={() => {
            setOpen('none');
          }}
        />
      )}
    </Stack>
  );
}

function NewCodes({ onCancel, onCodes }: { onCancel: () => void; onCodes: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (v) => (/^\d{6}$/.test(v.trim()) ? null : T.codeFormat) },
  });
  const submit = form.onSubmit((v) => {
    regenerate.mutate(v.code, {
      onSuccess: onCodes,
      onError: (err) => {
        form.setFieldError('code', errorMessageOr(err, T.failed));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{T.newCodesHint}</Text>
        <TextInput label={T.codeLabel} inputMode="numeric" autoComplete="one-time-code" maxLength={6} maw={220} {...form.getInputProps('code')} />
        <Group>
          <Button type="submit" loading={regenerate.isPending}>
            {T.makeCodes}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {T.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TurnOff({ onCancel }: { onCancel: () => void }) {
  const disable = useDisableTwoStep();
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: {
      password: (v) => (v ? null : T.passwordRequired),
      code: (v) => (v.trim() ? null : T.codeRequired),
    },
  });
  const submit = form.onSubmit((v) => {
    disable.mutate(v, {
      onSuccess: () => notifications.show({ color: 'green', message: T.turnedOff }),
      onError: (err) => notifications.show({ color: 'red', message: errorMessageOr(err, T.failed) }),
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{T.turnOffHint}</Text>
        <PasswordInput label={T.password} autoComplete="current-password" maw={320} {...form.getInputProps('password')} />
        <TextInput label={T.codeOrRecovery} autoComplete="one-time-code" maw={320} {...form.getInputProps('code')} />
        <Group>
          <Button type="submit" color="red" loading={disable.isPending}>
            {T.turnOff}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {T.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
