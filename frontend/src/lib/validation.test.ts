import { useForm } from '@mantine/form';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  forgotPasswordRules,
  MESSAGES,
  paymentReference,
  profileChanges,
  clientRules,
  profileRules,
  registerRules,
  resetPasswordRules,
  uploadRules,
  validateDocumentTitle,
  validateEmail,
  validateFiles,
  validateName,
  validatePassword,
  validatePasswordConfirmation,
  validatePhone,
  validatePlanSelected,
  validateResetCode,
  type RegisterValues,
} from './validation';

describe('messages', () => {
  it('are SPEC.md section 5 and 8 word for word', () => {
    expect(MESSAGES).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 6 characters.',
      name: 'Name must be at least 2 characters.',
      phone: 'Phone number must be at least 10 digits.',
      passwordsMatch: 'Passwords do not match.',
      resetCode: 'Code must be 6 digits.',
      plan: 'Please select a plan to continue.',
      files: 'Please select at least one file to upload',
      documentTitle: 'Please enter a document title',
      noChanges: 'No changes to save',
      paymentReference: 'No payment reference found in URL',
    });
  });
});

describe('email', () => {
  it.each(['wanjiru@example.co.ke', ' advocate@kesi.app '])('accepts %j', (v) => {
    expect(validateEmail(v)).toBeNull();
  });
  it.each(['', 'wanjiru', 'wanjiru@', '@example.com', 'wanjiru@example', 'a b@example.com'])('rejects %j', (v) => {
    expect(validateEmail(v)).toBe('Please enter a valid email address.');
  });
});

describe('password', () => {
  it('needs at least 6 characters', () => {
    expect(validatePassword('12345')).toBe('Password must be at least 6 characters.');
    expect(validatePassword('')).toBe('Password must be at least 6 characters.');
    expect(validatePassword('123456')).toBeNull();
  });
  it('confirmation must equal the password', () => {
    expect(validatePasswordConfirmation('secret1', { password: 'secret1' })).toBeNull();
    expect(validatePasswordConfirmation('secret2', { password: 'secret1' })).toBe('Passwords do not match.');
    expect(validatePasswordConfirmation('', { password: 'secret1' })).toBe('Passwords do not match.');
  });
});

describe('name', () => {
  it('needs at least 2 characters, spaces aside', () => {
    expect(validateName('Jo')).toBeNull();
    expect(validateName('J')).toBe('Name must be at least 2 characters.');
    expect(validateName(' J ')).toBe('Name must be at least 2 characters.');
    expect(validateName('')).toBe('Name must be at least 2 characters.');
  });
});

describe('phone number', () => {
  it.each(['0712345678', '+254 712 345 678', '0712-345-678'])('accepts %j', (v) => {
    expect(validatePhone(v)).toBeNull();
  });
  it.each(['', '071234567', '0712 345 67', '+-() --'])('rejects %j as too short', (v) => {
    expect(validatePhone(v)).toBe('Phone number must be at least 10 digits.');
  });
  // What the server refuses (auth.ValidatePhone), the form refuses first, with the same words.
  it.each(['phone number', '0712 345 678 ext', '٠٧١٢٣٤٥٦٧٨٩', '0712345678.', '0'.repeat(33)])('rejects %j by its characters', (v) => {
    expect(validatePhone(v)).toBe('Phone number may contain only digits, spaces, +, - and brackets, at most 32 characters.');
  });
});

describe('reset code', () => {
  it('is exactly 6 digits', () => {
    expect(validateResetCode('012345')).toBeNull();
    for (const v of ['', '12345', '1234567', '12a456', ' 12345']) {
      expect(validateResetCode(v)).toBe('Code must be 6 digits.');
    }
  });
  it('input keeps digits only, at most 6', () => {
    expect(digitsOnly('12 34-56')).toBe('123456');
    expect(digitsOnly('1234567')).toBe('123456');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('plan selection', () => {
  it('is required before payment', () => {
    expect(validatePlanSelected('monthly')).toBeNull();
    for (const v of [null, undefined, '']) expect(validatePlanSelected(v)).toBe('Please select a plan to continue.');
  });
});

describe('upload', () => {
  it('needs at least one file', () => {
    expect(validateFiles([])).toBe('Please select at least one file to upload');
    expect(validateFiles([new File(['x'], 'plaint.pdf')])).toBeNull();
  });
  it('needs a non-blank title', () => {
    expect(validateDocumentTitle('Plaint')).toBeNull();
    expect(validateDocumentTitle('')).toBe('Please enter a document title');
    expect(validateDocumentTitle('   ')).toBe('Please enter a document title');
  });
});

describe('profile', () => {
  const saved = { fullname: 'Wanjiru Kamau', phone_number: '0712345678' };
  it('sends only changed fields', () => {
    expect(profileChanges(saved, { ...saved, fullname: ' Wanjiru K. ' })).toEqual({
      changes: { fullname: 'Wanjiru K.' },
    });
    expect(profileChanges(saved, { fullname: 'W K', phone_number: '' })).toEqual({
      changes: { fullname: 'W K', phone_number: '' },
    });
  });
  it('says when nothing changed', () => {
    expect(profileChanges(saved, { ...saved, fullname: 'Wanjiru Kamau ' })).toEqual({ error: 'No changes to save' });
  });
  it('checks the name and leaves the phone optional, but a typed phone follows the one phone rule', () => {
    expect(profileRules.fullname('W')).toBe('Name must be at least 2 characters.');
    expect(profileRules.phone_number('')).toBeNull();
    expect(profileRules.phone_number('0712')).toBe('Phone number must be at least 10 digits.');
    expect(profileRules.phone_number('+254 712 345 678')).toBeNull();
  });
  // The server's rules (auth.ValidateName, auth.ValidatePhone), with its messages, so that the form
  // says at once what the API would answer.
  it('refuses what the API refuses, with its words', () => {
    for (const v of ['0712345678', '+254712345678', '254 712 345 678', '0112 345 678', '(0712) 345-678']) {
      expect(profileRules.phone_number(v)).toBeNull();
      expect(registerRules.phone_number(v)).toBeNull();
    }
    const invalid = 'Phone number may contain only digits, spaces, +, - and brackets, at most 32 characters.';
    for (const v of ['0712.345.678', '0712345678 ext 5', '+254/712345678', '0'.repeat(33)]) {
      expect(profileRules.phone_number(v)).toBe(invalid);
      expect(registerRules.phone_number(v)).toBe(invalid);
    }
    // One character the server counts once, though JavaScript's length says 2.
    expect(profileRules.fullname('\u{1F600}')).toBe('Name must be at least 2 characters.');
    expect(profileRules.fullname('Ôé')).toBeNull();
    expect(profileRules.fullname('a'.repeat(200))).toBeNull();
    expect(profileRules.fullname('a'.repeat(201))).toBe('Name must be at most 200 characters.');
    expect(registerRules.name('\u{1F600}'.repeat(201))).toBe('Name must be at most 200 characters.');
  });
});

describe('client form', () => {
  it('uses the account rules and messages; e-mail and phone may be blank', () => {
    expect(clientRules.fullname('W')).toBe(profileRules.fullname('W'));
    expect(clientRules.email('')).toBeNull();
    expect(clientRules.email('wanjiru@')).toBe('Please enter a valid email address.');
    expect(clientRules.phone_number('  ')).toBeNull();
    expect(clientRules.phone_number('0712')).toBe(profileRules.phone_number('0712'));
  });
});

describe('payment reference', () => {
  it('reads reference, else trxref', () => {
    expect(paymentReference(new URLSearchParams('reference=r1&trxref=t1'))).toEqual({ reference: 'r1' });
    expect(paymentReference(new URLSearchParams('trxref=t1'))).toEqual({ reference: 't1' });
    expect(paymentReference(new URLSearchParams(''))).toEqual({ error: 'No payment reference found in URL' });
  });
});

describe('form rule sets', () => {
  it('cover the fields SPEC.md names', () => {
    expect(Object.keys(registerRules)).toEqual(['name', 'email', 'phone_number', 'password', 'confirmPassword']);
    expect(Object.keys(forgotPasswordRules)).toEqual(['email']);
    expect(Object.keys(resetPasswordRules)).toEqual(['code', 'password', 'confirmPassword']);
    expect(Object.keys(uploadRules)).toEqual(['files', 'document_title']);
  });

  it('plug into @mantine/form', () => {
    const { result } = renderHook(() =>
      useForm<RegisterValues>({
        initialValues: {
          name: 'J',
          email: 'nope',
          phone_number: '0712',
          password: '123',
          confirmPassword: '124',
          role: '',
          referralCode: '',
        },
        validate: registerRules,
      }),
    );
    act(() => {
      result.current.validate();
    });
    expect(result.current.errors).toEqual({
      name: 'Name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      phone_number: 'Phone number must be at least 10 digits.',
      password: 'Password must be at least 6 characters.',
      confirmPassword: 'Passwords do not match.',
    });

    act(() => {
      result.current.setValues({
        name: 'Jo',
        email: 'jo@example.com',
        phone_number: '0712345678',
        password: '123456',
        confirmPassword: '123456',
      });
    });
    act(() => {
      result.current.validate();
    });
    expect(result.current.errors).toEqual({});
  });
});
