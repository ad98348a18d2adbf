import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * SPEC.md section 5: password inputs disable spellcheck. Mantine marks an invalid PasswordInput
 * with data-invalid alone: aria-invalid tells a screen reader, and lets focusFirstInvalid find it.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput spellCheck={false} autoCapitalize="none" autoCorrect="off" aria-invalid={Boolean(props.error)} {...props} />;
}
