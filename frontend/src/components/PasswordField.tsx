import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** SPEC.md section 5: password inputs disable spellcheck. */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput spellCheck={false} autoCapitalize="none" autoCorrect="off" {...props} />;
}
