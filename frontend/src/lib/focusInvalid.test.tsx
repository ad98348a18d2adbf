import { MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { focusFirstInvalid } from './focusInvalid';

function Form() {
  const form = useForm({
    initialValues: { name: 'Wanjiru', phone: '', email: '' },
    validate: { phone: (v) => (v ? null : 'Enter a phone number'), email: (v) => (v ? null : 'Enter an e-mail') },
  });
  return (
    <form onSubmit={form.onSubmit(() => undefined, focusFirstInvalid)} noValidate>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Phone" {...form.getInputProps('phone')} />
      <TextInput label="Email" {...form.getInputProps('email')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('focusFirstInvalid', () => {
  it('moves focus to the first field the form refused', async () => {
    render(
      <MantineProvider>
        <Form />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByLabelText('Phone'));
    });
  });
});
