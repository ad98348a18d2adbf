import { TextInput, type TextInputProps } from '@mantine/core';

/** SPEC.md section 5: no auto-capitalisation, auto-correct or spellcheck on e-mail inputs. */
export function EmailInput(props: TextInputProps) {
  return (
    <TextInput
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      inputMode="email"
      {...props}
    />
  );
}
