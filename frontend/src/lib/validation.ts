/**
 * SPEC.md section 5 rules with their exact messages. Each rule answers the message, or null
 * when the value is fine, so that it plugs into @mantine/form's `validate` as it is.
 */

export const MESSAGES = {
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
} as const;

/** Ours, where SPEC.md words nothing: the server's (backend/internal/auth/validate.go). */
export const ACCOUNT_MESSAGES = {
  nameLong: 'Name must be at most 200 characters.',
  phoneInvalid: 'Phone number may contain only digits, spaces, +, - and brackets, at most 32 characters.',
} as const;

/** SPEC.md section 9. */
export const PASSWORD_MIN = 6;
export const PHONE_MIN_DIGITS = 10;
export const NAME_MIN = 2;
export const NAME_MAX = 200;
export const PHONE_MAX = 32;
export const RESET_CODE_LENGTH = 6;

type Rule<T> = (value: T) => string | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const validateEmail: Rule<string> = (value) => (EMAIL.test(value.trim()) ? null : MESSAGES.email);

export const validatePassword: Rule<string> = (value) => (value.length >= PASSWORD_MIN ? null : MESSAGES.password);

/**
 * A person's name (an account's or a client's), checked as the server checks it (auth.ValidateName):
 * its length in code points, as Go counts runes, not graphemes or UTF-16 units.
 */
export const validateName: Rule<string> = (value) => {
  const n = Array.from(value.trim()).length;
  if (n < NAME_MIN) return MESSAGES.name;
  return n > NAME_MAX ? ACCOUNT_MESSAGES.nameLong : null;
};

/**
 * A phone number (an account's or a client's), checked as the server checks it (auth.ValidatePhone),
 * in its order: only ASCII digits, spaces, +, - and brackets, at most 32 characters; then at least
 * 10 digits, counting digits only, so '+254 712 345 678' passes and spaces or dashes do not make up
 * for them.
 */
export const validatePhone: Rule<string> = (value) => {
  const phone = value.trim();
  if (!/^[0-9 +\-()]*$/.test(phone) || phone.length > PHONE_MAX) return ACCOUNT_MESSAGES.phoneInvalid;
  return phone.replace(/\D/g, '').length >= PHONE_MIN_DIGITS ? null : MESSAGES.phone;
};

/** For a `confirmPassword` field: pass the form values as @mantine/form does. */
export const validatePasswordConfirmation = (value: string, values: { password: string }): string | null =>
  value === values.password ? null : MESSAGES.passwordsMatch;

export const validateResetCode: Rule<string> = (value) =>
  new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`).test(value) ? null : MESSAGES.resetCode;

/** What a digits-only code input keeps of what was typed or pasted. */
export function digitsOnly(value: string, max = RESET_CODE_LENGTH): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** A rule for a field that may be left blank: blank passes, anything typed must pass the rule. */
export function optional(rule: Rule<string>): Rule<string> {
  return (value) => (value.trim() ? rule(value) : null);
}

/** The client form (features/clients): a name, and an e-mail and phone that may be blank but not wrong. */
export const clientRules = {
  fullname: validateName,
  email: optional(validateEmail),
  phone_number: optional(validatePhone),
};

export const validatePlanSelected: Rule<string | null | undefined> = (value) => (value ? null : MESSAGES.plan);

export const validateFiles: Rule<readonly unknown[]> = (value) => (value.length > 0 ? null : MESSAGES.files);

export const validateDocumentTitle: Rule<string> = (value) => (value.trim() ? null : MESSAGES.documentTitle);

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegisterValues {
  name: string;
  email: string;
  phone_number: string;
  password: string;
  confirmPassword: string;
  role?: string;
  referralCode?: string;
}

export const registerRules = {
  name: validateName,
  email: validateEmail,
  phone_number: validatePhone,
  password: validatePassword,
  confirmPassword: validatePasswordConfirmation,
};

export const forgotPasswordRules = {
  email: validateEmail,
};

export interface ResetPasswordValues {
  code: string;
  password: string;
  confirmPassword: string;
}

export const resetPasswordRules = {
  code: validateResetCode,
  password: validatePassword,
  confirmPassword: validatePasswordConfirmation,
};

export interface UploadValues {
  files: File[];
  document_title: string;
  note: string;
}

export const uploadRules = {
  files: validateFiles,
  document_title: validateDocumentTitle,
};

export interface ProfileValues {
  fullname: string;
  phone_number: string;
}

/** The e-mail is shown read-only; the phone number may be blank, and follows registration's rule. */
export const profileRules = {
  fullname: validateName,
  phone_number: optional(validatePhone),
};

/** The fields the person changed, trimmed, or the message when there is nothing to send. */
export function profileChanges(
  saved: ProfileValues,
  edited: ProfileValues,
): { changes: Partial<ProfileValues> } | { error: string } {
  const changes: Partial<ProfileValues> = {};
  const fullname = edited.fullname.trim();
  const phone = edited.phone_number.trim();
  if (fullname !== saved.fullname) changes.fullname = fullname;
  if (phone !== saved.phone_number) changes.phone_number = phone;
  return Object.keys(changes).length > 0 ? { changes } : { error: MESSAGES.noChanges };
}

/** The /success page's payment reference: `reference`, else `trxref`. */
export function paymentReference(params: URLSearchParams): { reference: string } | { error: string } {
  const reference = params.get('reference') ?? params.get('trxref');
  return reference ? { reference } : { error: MESSAGES.paymentReference };
}
